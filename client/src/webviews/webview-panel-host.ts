/**
 * One webview panel of the extension, locked down: scripts only from dist/webview with a fresh
 * nonce, no command URIs, resources only from dist/webview and media. The view travels as a
 * typed message at once (the editor hands a page that is still loading what was posted as soon
 * as it has loaded) and again when the page says it is ready, since a page that reloads (e.g.
 * after being hidden) has lost what it was sent; every message carries a revision so that the
 * page draws that repeat only if it missed the first. Every message from the page is validated
 * before it is acted on.
 */
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { HostMessage, WebviewMessage } from '../../../common/webview/messages';
import { parseWebviewMessage } from '../../../common/webview/messages';
import { buildWebviewHtml, createNonce, inlineSafe } from './webview-html';
import type { PageAsset } from './webview-html';

/** The results panel's requests, handled by the panel's owner. */
export type WebviewAction = Extract<WebviewMessage, { type: 'export' | 'copyRows' | 'copyMarkdown' | 'selectRun' | 'cancelRun' | 'rerun' }>;
/** The Events panel's requests: a page of the log, or its export. */
export type EventsAction = Extract<WebviewMessage, { type: 'eventsQuery' | 'exportEvents' }>;
/** The insight report panel's requests: the cross result of two categories, or the CSV export. */
export type ReportAction = Extract<WebviewMessage, { type: 'reportCross' | 'exportReport' }>;

/** What a panel last sent and what its page last reported drawing: for tests and diagnostics. */
export interface PanelState {
  readonly viewType: string;
  readonly visible: boolean;
  /** The last message sent (the view model), if any. */
  readonly sent?: HostMessage;
  /** The last `rendered` report of the page: the view id and the text the page shows. */
  readonly rendered?: { readonly id: string; readonly text: string };
  /** How many times the page has started (its `ready`): more than once means it was loaded again. */
  readonly pageLoads: number;
}

export interface WebviewPanelHostOptions {
  readonly viewType: string;
  readonly title: string;
  /** The bundle pair in dist/webview: `<bundle>.js` and `<bundle>.css`. */
  readonly bundle: 'results' | 'plan' | 'events' | 'report';
  /** Scripts the page loads when it needs them, by name: `<bundle>-<name>.js` in dist/webview. */
  readonly chunks?: readonly string[];
  readonly extensionUri: vscode.Uri;
  readonly log: vscode.LogOutputChannel;
  /** A panel the editor restored after a reload (its serializer's): adopted instead of a new one. */
  readonly restored?: vscode.WebviewPanel;
  /**
   * Keeps the page alive while the panel is hidden behind another tab, so that showing it again
   * draws at once instead of loading the page anew (about 1 s in code-server, which makes each
   * new page wait for its service worker), at the price of the page's memory while hidden.
   */
  readonly retainWhenHidden?: boolean;
  /** The results panel's requests; any other page sending them is ignored. */
  readonly onAction?: (action: WebviewAction) => void;
  /** Only the Events panel takes these; any other page sending them is ignored. */
  readonly onEventsAction?: (action: EventsAction) => void;
  /** Only the insight report panel takes these; any other page sending them is ignored. */
  readonly onReportAction?: (action: ReportAction) => void;
}

export class WebviewPanelHost implements vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  private latest: HostMessage | undefined;
  private rendered: { id: string; text: string } | undefined;
  private pageLoads = 0;
  /** Revisions are this host's own: a page restored from another window's state never takes a new view for one it has. */
  private readonly revisionPrefix = createNonce();
  private revisions = 0;
  private readonly subscriptions: vscode.Disposable[] = [];
  private disposed = false;

  constructor(private readonly options: WebviewPanelHostOptions) {
    const webviewRoot = vscode.Uri.joinPath(options.extensionUri, 'dist', 'webview');
    const webviewOptions: vscode.WebviewOptions = {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [webviewRoot, vscode.Uri.joinPath(options.extensionUri, 'media')],
    };
    if (options.restored) {
      this.panel = options.restored;
      this.panel.webview.options = webviewOptions;
    } else {
      this.panel = vscode.window.createWebviewPanel(options.viewType, options.title, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
        ...webviewOptions,
        enableFindWidget: true,
        retainContextWhenHidden: options.retainWhenHidden === true,
      });
    }
    this.panel.iconPath = vscode.Uri.joinPath(options.extensionUri, 'media', 'clean-room.svg');
    const webview = this.panel.webview;
    const asset = (file: string, element: 'script' | 'style'): PageAsset => {
      const uri = vscode.Uri.joinPath(webviewRoot, file);
      const text = inlineText(uri, element);
      return text !== undefined ? { text } : { uri: webview.asWebviewUri(uri).toString() };
    };
    webview.html = buildWebviewHtml({
      cspSource: webview.cspSource,
      nonce: createNonce(),
      script: asset(`${options.bundle}.js`, 'script'),
      style: asset(`${options.bundle}.css`, 'style'),
      title: options.title,
      chunks: Object.fromEntries((options.chunks ?? []).map((name) => [name, webview.asWebviewUri(vscode.Uri.joinPath(webviewRoot, `${options.bundle}-${name}.js`)).toString()])),
    });
    this.subscriptions.push(
      webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)),
      this.panel.onDidDispose(() => this.dispose()),
    );
  }

  /** Fires once when the user closes the panel or the extension disposes it. */
  get onDidDispose(): vscode.Event<void> {
    return this.panel.onDidDispose;
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Sends `message` now and again whenever the page (re)loads; reveals the panel when asked. */
  show(message: HostMessage, title: string, reveal: boolean): void {
    if (this.disposed) return;
    this.latest = { ...message, revision: `${this.revisionPrefix}${(this.revisions += 1)}` };
    this.panel.title = title;
    if (reveal && !this.panel.visible) this.panel.reveal(undefined, true);
    this.post(this.latest);
  }

  state(): PanelState {
    return {
      viewType: this.options.viewType,
      visible: !this.disposed && this.panel.visible,
      pageLoads: this.pageLoads,
      ...(this.latest ? { sent: this.latest } : {}),
      ...(this.rendered ? { rendered: this.rendered } : {}),
    };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
    this.panel.dispose();
  }

  private post(message: HostMessage): void {
    // A hidden page that is not kept alive drops messages; it asks again with `ready` on reload.
    this.panel.webview.postMessage(message).then(undefined, (error: unknown) => {
      this.options.log.warn(`The ${this.options.bundle} panel did not take an update: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  private ignore(type: string): void {
    this.options.log.warn(`The ${this.options.bundle} panel asked for '${type}', which it does not offer; ignored.`);
  }

  private receive(raw: unknown): void {
    const message = parseWebviewMessage(raw);
    if (!message) {
      this.options.log.warn(`The ${this.options.bundle} panel sent a message this version does not know; it was ignored.`);
      return;
    }
    switch (message.type) {
      case 'ready':
        this.pageLoads += 1;
        if (this.latest) this.post(this.latest);
        return;
      case 'rendered':
        this.rendered = { id: message.id, text: message.text };
        return;
      case 'export':
      case 'copyRows':
      case 'copyMarkdown':
      case 'selectRun':
      case 'cancelRun':
      case 'rerun':
        if (this.options.onAction) this.options.onAction(message);
        else this.ignore(message.type);
        return;
      case 'eventsQuery':
      case 'exportEvents':
        if (this.options.onEventsAction) this.options.onEventsAction(message);
        else this.ignore(message.type);
        return;
      case 'reportCross':
      case 'exportReport':
        if (this.options.onReportAction) this.options.onReportAction(message);
        else this.ignore(message.type);
        return;
    }
  }
}

/**
 * The text of one of the extension's own bundles, read where the extension is installed, or
 * undefined when it cannot be read there (the page then loads it by address).
 */
/**
 * A bundle's text when it can be written into a page, read and checked once per extension
 * host: the bundles never change while it runs, and every panel opened would otherwise read a
 * few hundred kilobytes from disk synchronously and scan them again. Undefined: load it by address.
 */
const inlineTexts = new Map<string, string | undefined>();

function inlineText(uri: vscode.Uri, element: 'script' | 'style'): string | undefined {
  if (uri.scheme !== 'file') return undefined;
  const key = `${element}:${uri.fsPath}`;
  if (!inlineTexts.has(key)) inlineTexts.set(key, readInlineSafe(uri.fsPath, element));
  return inlineTexts.get(key);
}

function readInlineSafe(path: string, element: 'script' | 'style'): string | undefined {
  try {
    const text = readFileSync(path, 'utf8');
    return inlineSafe(text, element) ? text : undefined;
  } catch {
    return undefined;
  }
}
