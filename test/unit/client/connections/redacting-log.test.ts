/**
 * The language client's message trace goes through RedactingLog: an `iql/profiles` answer,
 * which carries the keys the server needs, must reach the Output panel and the log file
 * without them (issue 12: with tracing on, the key was written in clear text).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type * as vscode from 'vscode';
import { RedactingLog } from '../../../../client/src/connections/redacting-log';

/** A log channel that keeps every line it is given, as the editor would write it. */
function recordingLog(): { channel: vscode.LogOutputChannel; lines: string[] } {
  const lines: string[] = [];
  const write = (message: unknown, ...args: unknown[]) => void lines.push([message, ...args].map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join(' '));
  const channel = {
    name: 'IQL',
    logLevel: 1,
    onDidChangeLogLevel: () => ({ dispose: () => undefined }),
    trace: write,
    debug: write,
    info: write,
    warn: write,
    error: write,
    append: write,
    appendLine: write,
    replace: write,
    clear: () => undefined,
    show: () => undefined,
    hide: () => undefined,
    dispose: () => undefined,
  } as unknown as vscode.LogOutputChannel;
  return { channel, lines };
}

const KEY = 'sk-live-4f1e9a7c2b8d4e0f9a1b';
const LEGACY = 'public-part-123456/private-part-abcdef0123';

describe('RedactingLog', () => {
  it('writes a traced iql/profiles answer without the keys handed to the server', () => {
    const { channel, lines } = recordingLog();
    const log = new RedactingLog(channel);
    log.addSecret(KEY);
    log.addSecret(LEGACY);
    const answer = { profiles: [{ name: 'prod', baseUrl: 'https://api.example.com', apiKey: KEY }, { name: 'old', baseUrl: 'https://x', apiKey: LEGACY }], serviceAllowed: true };
    // The language client writes a message line, then the JSON of its payload.
    log.trace(`Sending response 'iql/profiles - (3)'. Processing request took 2ms\nResult: ${JSON.stringify(answer, null, 4)}`);
    log.trace('params', answer);
    const written = lines.join('\n');
    assert.ok(!written.includes(KEY), written);
    assert.ok(!written.includes('private-part-abcdef0123') && !written.includes('public-part-123456'), 'neither half of a legacy key');
    assert.match(written, /iql\/profiles/);
    assert.match(written, /https:\/\/api\.example\.com/, 'the rest of the message is kept');
    assert.equal(written.match(/\[redacted\]/g)?.length, 4);
  });

  it('removes a key from every kind of line, percent-encoded too, and leaves other text alone', () => {
    const { channel, lines } = recordingLog();
    const log = new RedactingLog(channel);
    log.info('before any key is known: sk-live-4f1e9a7c2b8d4e0f9a1b');
    log.addSecret(KEY);
    log.info(`info ${KEY}`);
    log.warn(`warn ${encodeURIComponent(KEY)}`);
    log.error(new Error(`error ${KEY}`));
    log.appendLine(`line ${KEY}`);
    log.append(`append ${KEY}`);
    log.info('nothing secret here');
    assert.equal(lines[0], `before any key is known: ${KEY}`, 'only keys it was told of are removed');
    assert.ok(lines.slice(1, 6).every((line) => !line.includes(KEY) && line.includes('[redacted]')), lines.join('\n'));
    assert.equal(lines[6], 'nothing secret here');
  });
});
