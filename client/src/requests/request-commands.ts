/**
 * Service requests from the editor: "New Service Request…" picks any operation of the
 * service (deprecated ones marked) and opens a request file whose schema completes and checks
 * its path, query and body; "Send Request" sends the file's request for its profile (asking
 * first when it destroys something) and shows the service's answer, or its own message with
 * the failing place underlined. Every operation, including those without a view of their own,
 * is reachable this way.
 */
import * as vscode from 'vscode';
import type { OperationId } from '../../../common/api';
import type { ExtensionServices } from '../extension-services';
import { serviceOrWarn } from '../explorer/dataset-commands';
import { defuseLinks } from '../explorer/display-text';
import { currentTarget } from '../explorer/explorer-target';
import type { MetadataDocuments } from '../explorer/metadata-documents';
import { locateServiceMessage } from '../schemas/json-file-text';
import { createJsonFile, fileProblemCollection, showFileProblems } from '../schemas/json-files';
import { findOperation, listOperations, requestBodySchema } from './operation-catalog';
import { isDestructive, newRequestFileText, readRequestFile, REQUEST_FILE_SUFFIX } from './request-file';

export const REQUEST_COMMANDS = { create: 'iql.request.new', send: 'iql.request.send' } as const;

/** For tests and scripts: the operation to start a file for, or the answer to a confirmation. */
export interface RequestChoices {
  readonly operation?: string;
  readonly skipConfirmation?: boolean;
  /** Where to write a new request file, instead of asking. */
  readonly target?: vscode.Uri;
}

export function registerRequests(services: ExtensionServices, documents: MetadataDocuments): void {
  const tracked = fileProblemCollection('iql-requests');
  const problems = tracked.collection;
  services.context.subscriptions.push(
    tracked,
    vscode.commands.registerCommand(REQUEST_COMMANDS.create, (given?: RequestChoices) => newRequest(services, given)),
    vscode.commands.registerCommand(REQUEST_COMMANDS.send, (uri?: vscode.Uri, given?: RequestChoices) => sendRequest(services, documents, problems, uri, given)),
  );
}

async function newRequest(services: ExtensionServices, given: RequestChoices | undefined): Promise<vscode.TextDocument | undefined> {
  const profile = currentTarget(services).profile;
  if (profile === undefined) return info('No clean-room profile yet: start the local emulator or run "IQL: Add Profile…".');
  const all = listOperations();
  const operation = given?.operation
    ? findOperation(given.operation)
    : (
        await vscode.window.showQuickPick(
          all.map((candidate) => ({
            label: candidate.title,
            description: `${candidate.method} ${candidate.path}`,
            detail: candidate.deprecated ? `${candidate.id} · deprecated by the service` : candidate.id,
            operation: candidate,
          })),
          { title: 'New service request', placeHolder: `One of the ${all.length} operations of the service`, matchOnDescription: true, matchOnDetail: true },
        )
      )?.operation;
  if (operation === undefined) return given?.operation ? info(`"${given.operation}" is not an operation of the service; "New Service Request…" lists them.`) : undefined;
  const text = newRequestFileText(profile, operation, await requestBodySchema(operation.id));
  return createJsonFile('requests', `${operation.id}${REQUEST_FILE_SUFFIX}`, text, given?.target);
}

/** Sends the request file; resolves to the answer, or undefined when nothing was answered. */
async function sendRequest(services: ExtensionServices, documents: MetadataDocuments, problems: vscode.DiagnosticCollection, given: vscode.Uri | undefined, choices: RequestChoices | undefined): Promise<unknown> {
  const document = given ? await vscode.workspace.openTextDocument(given) : vscode.window.activeTextEditor?.document;
  if (document === undefined || !document.uri.path.endsWith(REQUEST_FILE_SUFFIX)) return info(`Open a request file (*${REQUEST_FILE_SUFFIX}) to send it; "New Service Request…" starts one.`);
  const text = document.getText();
  const read = readRequestFile(text);
  if (!read.ok) {
    showFileProblems(problems, document, read.problems);
    return info(`${read.problems[0]?.message ?? 'The file is not a request.'} Nothing was sent.`);
  }
  const draft = read.draft;
  const operation = findOperation(draft.operation);
  if (operation === undefined) {
    showFileProblems(problems, document, [locateServiceMessage(text, `operation: "${draft.operation}" is not an operation of the service`)]);
    return info(`"${draft.operation}" is not an operation of the service; "New Service Request…" lists them.`);
  }
  if (isDestructive(operation) && choices?.skipConfirmation !== true) {
    const choice = await vscode.window.showWarningMessage(`${operation.title}?`, { modal: true, detail: `${operation.method} ${operation.path} with ${JSON.stringify(draft.params)}. This cannot be undone.` }, 'Send');
    if (choice !== 'Send') return undefined;
  }
  const profile = draft.profile ?? currentTarget(services).profile;
  if (profile === undefined) return info('No clean-room profile yet: start the local emulator or run "IQL: Add Profile…".');
  const client = await serviceOrWarn(services, profile);
  if (client === undefined) return undefined;
  const input = { params: draft.params, query: draft.query, ...('body' in draft ? { body: draft.body } : {}) };
  const answer = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `${operation.title}…` }, () =>
    // The file was read as data: the service and the server's checks decide whether it fits the operation.
    client.call(operation.id as OperationId, input as never),
  );
  if (!answer.ok) {
    const message = answer.error.serviceMessage ?? answer.error.message;
    const place = locateServiceMessage(text, message.replace(/^(?=[a-z_]+(\.|:))/, 'body.'));
    showFileProblems(problems, document, [{ ...place, message: `${operation.title} was refused: ${message}` }]);
    void vscode.window.showWarningMessage(defuseLinks(message));
    return undefined;
  }
  problems.delete(document.uri);
  await documents.show(`${profile}/answers`, `${operation.id} answer`, answer.value);
  return answer.value;
}

function info(message: string): undefined {
  void vscode.window.showInformationMessage(message);
  return undefined;
}
