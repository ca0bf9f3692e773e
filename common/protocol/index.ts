/**
 * Every custom message between the extension client and the language server, typed once for
 * both sides, each with its direction in its comment. Only plain JSON crosses. One file per
 * area: the editor's documents and targets (editor.ts), dataset pages (dataset-page.ts), service calls made on the client's
 * behalf (service-calls.ts), long-running jobs (jobs.ts), the explorer's lists (explorer.ts) and
 * the server's own health (server-status.ts).
 */
export * from './editor';
export * from './dataset-page';
export * from './jobs';
export * from './service-calls';
export * from './explorer';
export * from './server-status';
