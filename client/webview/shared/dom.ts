/**
 * Building DOM nodes whose text is always text: `textContent`, never `innerHTML`. Every page
 * of the extension builds its elements through these helpers, so a value from the service
 * (a dataset called `<img src=x onerror=…>`) can only ever show up as characters.
 */

export interface ElementOptions {
  readonly className?: string;
  /** Set as `textContent`. */
  readonly text?: string;
  /** Set with `setAttribute`, which never parses markup. */
  readonly attributes?: Readonly<Record<string, string>>;
}

/** A new HTML element with its class, text, attributes and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, options: ElementOptions = {}, ...children: readonly (Node | undefined | false)[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (options.className) element.className = options.className;
  if (options.text !== undefined) element.textContent = options.text;
  for (const [name, value] of Object.entries(options.attributes ?? {})) element.setAttribute(name, value);
  for (const child of children) if (child) element.appendChild(child);
  return element;
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** A new SVG element with numeric or string attributes and, optionally, text content. */
export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Readonly<Record<string, string | number>> = {}, text?: string): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NAMESPACE, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

/** A section with a heading: the pages' building block. */
export function section(title: string, className: string, ...children: readonly (Node | undefined | false)[]): HTMLElement {
  return h('section', { className }, h('h2', { text: title }), ...children);
}

/** A definition list of label/value pairs, each value optionally followed by an explanation. */
export function factList(facts: readonly { label: string; value: string; detail?: string }[], className = 'facts'): HTMLDListElement {
  const list = h('dl', { className });
  for (const fact of facts) {
    list.append(h('dt', { text: fact.label }), h('dd', {}, h('span', { className: 'value', text: fact.value }), fact.detail !== undefined && h('span', { className: 'detail', text: fact.detail })));
  }
  return list;
}

/** The query text in a block that keeps its line breaks. */
export function queryBlock(query: string): HTMLElement {
  return h('pre', { className: 'query' }, h('code', { text: query }));
}
