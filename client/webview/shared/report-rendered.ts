/**
 * Tells the host what the page now shows: the view's id and the page's text. The host keeps it
 * for its tests and diagnostics; a page that draws nothing never reports.
 */
import { limitRenderedText } from '../../../common/webview/messages';
import type { HostChannel } from './host-channel';

export function reportRendered(channel: HostChannel, id: string, root: HTMLElement): void {
  // innerText follows layout (one line per block); textContent is the fallback for hidden pages.
  const text = root.innerText || root.textContent || '';
  channel.post({ type: 'rendered', id, text: limitRenderedText(text) });
}
