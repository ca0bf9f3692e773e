/**
 * Dataset pages: the read-only Markdown page of what the catalog says about one dataset
 * (categories, representations, values, keys, records). Go to definition on a dataset name
 * answers the page's address; the extension serves addresses of this scheme by asking the
 * server for the page, and the Datasets view's Show Metadata opens the same address.
 */
import { safePathSegment } from '../path-segment';
import type { DocumentTarget } from './editor';

/** The scheme of dataset page addresses; only a client that said `datasetPages` gets them. */
export const DATASET_PAGE_SCHEME = 'iql-dataset';

/** client → server request: the page of dataset `name` in `target`'s catalog; result: ServiceResult<string> (Markdown). */
export interface DatasetMetadataPageParams {
  readonly target: DocumentTarget;
  readonly name: string;
}
export const DatasetMetadataPageRequest = 'iql/datasetMetadataPage';

/**
 * The address of a dataset's page. The path only names the tab (`Retail.md`, so the editor
 * treats it as Markdown); the query carries the target and name exactly, base64url-encoded so
 * that no editor's re-encoding of an address can change them.
 */
export function datasetPageUri(target: DocumentTarget, name: string): string {
  const folders = [target.profile ?? 'default', ...(target.collaboration ? [target.collaboration] : [])].map(addressSegment);
  const wanted: DatasetMetadataPageParams = { target: pickTarget(target), name };
  return `${DATASET_PAGE_SCHEME}:/${folders.join('/')}/${addressSegment(name)}.md?${toBase64Url(JSON.stringify(wanted))}`;
}

/** The target and name a page address carries (its query part), or undefined when it carries none. Never throws. */
export function readDatasetPageQuery(query: string): DatasetMetadataPageParams | undefined {
  try {
    const value = JSON.parse(fromBase64Url(query)) as { target?: unknown; name?: unknown };
    if (typeof value.name !== 'string' || value.name === '' || typeof value.target !== 'object' || value.target === null) return undefined;
    const target = value.target as Record<string, unknown>;
    const text = (field: unknown): string | undefined => (typeof field === 'string' && field !== '' ? field : undefined);
    return { target: pickTarget({ profile: text(target.profile), collaboration: text(target.collaboration) }), name: value.name };
  } catch {
    return undefined;
  }
}

function pickTarget(target: { readonly profile?: string | undefined; readonly collaboration?: string | undefined }): DocumentTarget {
  return { ...(target.profile ? { profile: target.profile } : {}), ...(target.collaboration ? { collaboration: target.collaboration } : {}) };
}

/** A cleaned segment, percent-encoded (the cleaning removed `%`, so nothing is encoded twice). */
function addressSegment(text: string): string {
  return encodeURIComponent(safePathSegment(text));
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
