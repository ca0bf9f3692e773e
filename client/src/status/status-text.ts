/**
 * What the IQL status bar item says for a document: its target, the service's state as an icon
 * and a tone, and a plain-text tooltip with the server's message and the catalog's age. Pure,
 * so that every state is unit-tested without an editor.
 */
import type { DocumentTarget, ServiceState, StatusParams } from '../../../common/protocol';

export type StatusTone = 'normal' | 'warning' | 'error';

export interface StatusView {
  readonly text: string;
  /** Plain text (never Markdown): the server's message may hold anything. */
  readonly tooltip: string;
  readonly tone: StatusTone;
}

export interface StatusInput {
  /** The server's latest status for the document, if one has arrived. */
  readonly status?: StatusParams;
  /** What the file's directives name, read locally. */
  readonly directives: { readonly profile?: string; readonly collaboration?: string };
  /** The default profile and collaboration, for before the server has spoken. */
  readonly defaults: DocumentTarget;
  /** False in an untrusted workspace. */
  readonly trusted: boolean;
  readonly now: number;
}

const STATE_ICONS: Readonly<Record<ServiceState, string>> = {
  ready: '',
  connecting: '$(sync~spin)',
  offline: '$(circle-slash)',
  unauthorized: '$(key)',
  unreachable: '$(debug-disconnect)',
  error: '$(error)',
};

const STATE_WORDS: Readonly<Record<ServiceState, string>> = {
  ready: 'connected',
  connecting: 'connecting',
  offline: 'offline (syntax checks only)',
  unauthorized: 'the API key was refused',
  unreachable: 'the service cannot be reached',
  error: 'the service reported an error',
};

const STATE_TONES: Readonly<Record<ServiceState, StatusTone>> = {
  ready: 'normal',
  connecting: 'normal',
  offline: 'normal',
  unauthorized: 'warning',
  unreachable: 'warning',
  error: 'error',
};

/** The status bar item's text, tooltip and tone for one document. Never throws. */
export function describeStatus(input: StatusInput): StatusView {
  const status = input.status;
  const target = status?.target ?? { profile: input.directives.profile ?? input.defaults.profile, collaboration: input.directives.collaboration ?? input.defaults.collaboration };
  const profile = target.profile ? plainText(target.profile) : 'no profile';
  const collaboration = target.collaboration ? plainText(target.collaboration) : 'own datasets';
  const icon = status ? STATE_ICONS[status.state] : '';
  const text = `$(database) ${profile} · ${collaboration}${icon ? ` ${icon}` : ''}`;

  const lines: string[] = [];
  const profileOrigin = input.directives.profile ? 'from this file\'s -- @profile line' : 'the default profile';
  lines.push(target.profile ? `IQL profile: ${target.profile} (${profileOrigin})` : 'IQL profile: none yet; start the local emulator or add a profile');
  const collaborationOrigin = input.directives.collaboration ? ' (from this file\'s -- @collaboration line)' : '';
  lines.push(target.collaboration ? `Collaboration: ${target.collaboration}${collaborationOrigin}` : 'Collaboration: none (your own datasets)');
  if (status) {
    lines.push(`Service: ${STATE_WORDS[status.state]}`);
    if (status.message.trim()) lines.push(status.message.trim());
    if (status.catalogLoadedAt !== undefined) lines.push(`${capitalise(formatCatalogAge(status.catalogLoadedAt, input.now))}.`);
  } else {
    lines.push('Service: waiting for the language server');
  }
  if (!input.trusted) {
    lines.push(
      'This workspace is not trusted, so no call is made to the clean-room service. ' +
        'The bundled local emulator can still be started, but queries stay blocked until you trust the workspace.',
    );
  }
  lines.push('', 'Click to choose the profile and collaboration for this file.');
  return { text, tooltip: lines.join('\n'), tone: status ? STATE_TONES[status.state] : 'normal' };
}

/** "catalog just loaded", "catalog 2 min old", "catalog 3 h old", "catalog 2 days old". */
export function formatCatalogAge(loadedAt: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - loadedAt) / 1000));
  if (seconds < 60) return 'catalog just loaded';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `catalog ${minutes} min old`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `catalog ${hours} h old`;
  return `catalog ${Math.floor(hours / 24)} days old`;
}

/**
 * Text the editor shows as it is: `$(name)` in a status bar text or quick pick label would
 * render as an icon, so a zero-width space is put between `$` and `(`; line breaks become spaces.
 */
export function plainText(text: string): string {
  return text.replace(/\$\(/g, '$\u200b(').replace(/[\r\n]+/g, ' ');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
