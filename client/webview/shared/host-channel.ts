/**
 * The page's side of the message protocol (client/src/webviews/messages.ts): every message
 * from the host is validated before it is drawn, the last good one is kept in the webview's
 * state so that a reloaded page draws at once, and `ready` asks the host for the current view.
 */
import { parseHostMessage } from '../../../common/webview/messages';
import type { HostMessage, WebviewMessage } from '../../../common/webview/messages';

/** The editor's API object, available once per page. */
interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare global {
  function acquireVsCodeApi(): VsCodeApi;
}

export interface HostChannel {
  post(message: WebviewMessage): void;
}

/**
 * Connects the page: `onMessage` receives each valid message (the saved one first, at once)
 * with the channel to answer on; `onInvalid` hears about anything else. Sends `ready` last,
 * when the page can draw, so that the host sends the current view.
 */
export function connectToHost(onMessage: (message: HostMessage, channel: HostChannel) => void, onInvalid: () => void): HostChannel {
  const api = acquireVsCodeApi();
  const channel: HostChannel = { post: (message) => api.postMessage(message) };
  // The host answers `ready` with the view it last posted, which this page usually has already.
  let drawnRevision: string | undefined;
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    const message = parseHostMessage(event.data);
    if (!message) {
      onInvalid();
      return;
    }
    if (message.revision !== undefined && message.revision === drawnRevision) return;
    drawnRevision = message.revision;
    api.setState(message);
    onMessage(message, channel);
  });
  const saved = parseHostMessage(api.getState());
  if (saved) {
    drawnRevision = saved.revision;
    onMessage(saved, channel);
  }
  channel.post({ type: 'ready' });
  return channel;
}
