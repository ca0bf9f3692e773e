import type { CodeLens } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { ClientCommands, type QueryCommandArgs } from '../../../common/protocol';
import type { IqlFile } from '../parser/ast';
import { spanToRange } from './ranges';

/** Run · Explain · Validate above every query; the client's commands do the work. */
export function getCodeLenses(document: TextDocument, file: IqlFile): CodeLens[] {
  return file.queries.flatMap((query) => {
    const range = spanToRange(document, query.select.keywordSpan);
    const args: QueryCommandArgs = { uri: document.uri, offset: query.span.start };
    const activation = query.select.queryType === 'activation';
    return [
      { range, command: { title: activation ? '▶ Run activation' : '▶ Run', command: ClientCommands.runQuery, arguments: [args] } },
      { range, command: { title: 'Explain', command: ClientCommands.explainQuery, arguments: [args] } },
      { range, command: { title: 'Validate', command: ClientCommands.validateQuery, arguments: [args] } },
    ];
  });
}
