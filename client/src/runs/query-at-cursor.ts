/**
 * Finds the queries a command acts on by asking the language server (`iql/queries`), which has
 * parsed the document as it is now, unsaved edits included: the query at a code lens's offset
 * or at the cursor, or every query of the file. Explains calmly when there is none to run.
 */
import * as vscode from 'vscode';
import { QueriesRequest } from '../../../common/protocol';
import type { DocumentTarget, QueriesParams, QueriesResult, QueryInfo } from '../../../common/protocol';
import type { ExtensionServices } from '../extension-services';
import { chooseOfflineFixes } from './offline-fixes';
import { readQueryCommandArgs } from './query-command-args';
import { whenServerKnows } from '../service/server-knows-document';

export interface DocumentQueries {
  readonly uri: string;
  readonly queries: readonly QueryInfo[];
  readonly target: DocumentTarget;
}

export interface FindQueriesOptions {
  /** Every query of the file instead of the one at the offset or cursor. */
  readonly all?: boolean;
}

/**
 * The queries for a command invoked with `arg` (QueryCommandArgs, an editor's resource Uri, or
 * nothing: the active editor). Undefined after telling the user why nothing can be done (no
 * IQL editor, no query there, server unavailable, or offline with the fixes offered). Never rejects.
 */
export async function findQueries(services: ExtensionServices, arg: unknown, options: FindQueriesOptions = {}): Promise<DocumentQueries | undefined> {
  const params = paramsFor(arg, options.all === true);
  if (!params) {
    void vscode.window.showInformationMessage('Open an IQL file and place the cursor in a query to run it.');
    return undefined;
  }
  let answer: QueriesResult;
  try {
    await whenServerKnows(services.statuses, params.uri);
    answer = await services.languageClient.sendRequest<QueriesResult>(QueriesRequest, params);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    services.log.warn(`iql/queries failed: ${reason}`);
    void vscode.window.showWarningMessage('The IQL language server did not answer, so the query could not be read. See the IQL log; reloading the window usually helps.');
    return undefined;
  }
  if (!answer.ok) {
    void vscode.window.showWarningMessage(answer.message);
    return undefined;
  }
  if (answer.queries.length === 0) {
    // The server takes the query after (or before) the cursor when none is under it, so none means none in the file.
    void vscode.window.showInformationMessage('This file has no query yet. Write a SELECT … FROM … query, then run it.');
    return undefined;
  }
  if (answer.offline !== undefined) {
    await offerOfflineFixes(services, answer.offline, answer.target);
    return undefined;
  }
  return { uri: params.uri, queries: answer.queries, target: answer.target };
}

function paramsFor(arg: unknown, all: boolean): QueriesParams | undefined {
  const given = readQueryCommandArgs(arg);
  if (given) return all ? { uri: given.uri } : given;
  const editor = vscode.window.activeTextEditor;
  // The editor title's run menu passes the editor's resource; it is the active editor's.
  if (arg instanceof vscode.Uri && all) return { uri: arg.toString() };
  if (!editor || editor.document.languageId !== 'iql') return undefined;
  const uri = editor.document.uri.toString();
  return all ? { uri } : { uri, offset: editor.document.offsetAt(editor.selection.active) };
}

/** Shows the server's offline reason with buttons that fix it, and runs the one chosen later. */
async function offerOfflineFixes(services: ExtensionServices, reason: string, target: DocumentTarget): Promise<void> {
  const profile = target.profile;
  const exists = profile !== undefined && services.profiles.get(profile) !== undefined;
  const fixes = chooseOfflineFixes({
    trusted: services.profiles.serviceAllowed(),
    profileCount: services.profiles.list().length,
    ...(profile !== undefined ? { profile } : {}),
    profileExists: exists,
    hasKey: exists && profile !== undefined && (await services.profiles.apiKey(profile)) !== undefined,
  });
  // Not awaited: the command is over once the reason is shown; the fix runs if one is chosen.
  void vscode.window.showWarningMessage(`${reason} The query was not sent.`, ...fixes.map((fix) => fix.title)).then((chosen) => {
    const fix = fixes.find((candidate) => candidate.title === chosen);
    return fix ? vscode.commands.executeCommand(fix.command) : undefined;
  });
}
