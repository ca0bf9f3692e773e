/**
 * An import execution's work (seed 002 §2.4, §3 Execute Import): the files of the connector's
 * source folder that its `filenames` and the importer's `data_filter` match are copied into the
 * vault under the target folder, keeping their paths below the source folder. Each file is
 * streamed (stream.pipeline; never held whole in memory) and recorded with its origin, task
 * type IMPORT and the execution's ID. Progress counts bytes. A user's mistake (no sources
 * folder, a missing source folder, no matching file, a host key that does not match, a vault
 * deleted since) fails the execution with a message saying what to do.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { hostKeyOf } from './connector-keys';
import { connectorBlockOf } from './connector-record';
import { findSourceFiles, pathMatcher, sourceFolderOf } from './import-sources';
import type { SourceFile } from './import-sources';
import { ExecutionFailure } from './supply-execution';
import type { ExecutionReporter } from './supply-execution';
import type { ImportExecutionRecord, ImporterRecord } from './supply-records';
import type { SupplyState } from './supply-state';
import { VaultStorage } from './vault-storage';

export const IMPORT_TASK_TYPE = 'IMPORT';

/** Files copied at the same time. */
const COPIES_AT_ONCE = 4;

/** Starts an import of the importer into `targetFolder` (checked by the caller); the execution's record, kept in `supply.importExecutions`. */
export function startImport(supply: SupplyState, importer: ImporterRecord, targetFolder: string, userId: string, now: number): ImportExecutionRecord {
  const id = supply.nextId('IEX');
  const record: ImportExecutionRecord = {
    id,
    companyId: importer.companyId,
    createdBy: userId,
    createdAt: now,
    updatedAt: now,
    importerId: importer.id,
    vaultId: importer.vaultId,
    targetFolder,
    totalBytes: 0,
    transferredBytes: 0,
    execution: supply.startExecution((reporter) => runImport(supply, importer, record, reporter)),
  };
  supply.importExecutions.set(id, record);
  return record;
}

async function runImport(supply: SupplyState, importer: ImporterRecord, record: ImportExecutionRecord, reporter: ExecutionReporter): Promise<string> {
  const sourcesDir = supply.sourcesDir;
  if (sourcesDir === undefined) {
    throw new ExecutionFailure('this emulator has no remote sources to import from: start it with `iql emulator --sources DIR`, where DIR holds a folder per bucket or SFTP host (see emulator/README.md)');
  }
  const connector = supply.importConnectors.get(importer.connectorId);
  if (!connector) throw new ExecutionFailure(`the importer's connector config ${importer.connectorId} no longer exists; point the importer at another (Update Importer)`);
  if (!supply.vaults.has(record.vaultId)) throw new ExecutionFailure(`the importer's cloud vault ${record.vaultId} no longer exists; point the importer at another (Update Importer)`);
  const block = connectorBlockOf(connector);
  if (block.kind === 'sftp_connector') checkHostKey(String(block.fields.host ?? ''), String(block.fields.host_keys ?? ''));
  const folder = sourceFolderOf(sourcesDir, block);
  const byConnector = pathMatcher((block.fields.filenames as string[] | undefined) ?? []);
  const byImporter = pathMatcher(importer.dataFilter);
  const files = await findSourceFiles(folder, sourcesDir, (path) => byConnector(path) && byImporter(path));
  if (files.length === 0) {
    const patterns = [...((block.fields.filenames as string[] | undefined) ?? []), ...importer.dataFilter];
    throw new ExecutionFailure(`no file in the ${folder.description} matches ${patterns.length === 0 ? 'any pattern' : patterns.map((pattern) => `'${pattern}'`).join(', ')} (the connector's filenames and the importer's data_filter must both match); the emulator reads the folder ${folder.relativePath} under ${sourcesDir}`);
  }
  record.totalBytes = files.reduce((sum, file) => sum + file.size, 0);
  // A few files at a time: a copy mostly waits on the file system's thread pool (4 threads).
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let file = files[next++]; file !== undefined; file = files[next++]) await copyFile(supply, record, file, reporter);
  };
  await Promise.all(Array.from({ length: Math.min(COPIES_AT_ONCE, files.length) }, worker));
  const prefix = record.targetFolder === '' ? 'the vault root' : `folder '${record.targetFolder}'`;
  return `imported ${files.length} file${files.length === 1 ? '' : 's'} (${record.totalBytes} bytes) into ${prefix} of cloud vault ${record.vaultId}`;
}

/** An SFTP connector given `host_keys` trusts only those: the emulated host's key must be among them. */
function checkHostKey(host: string, hostKeys: string): void {
  if (hostKeys.trim() === '') return;
  const key = hostKeyOf(host);
  const trusted = hostKeys.split(/\r?\n/).map((line) => line.trim().split(/\s+/).slice(0, 2).join(' '));
  if (!trusted.includes(key)) {
    throw new ExecutionFailure(`the host key of SFTP host '${host}' is not among the connector's host_keys; read it with Get server host key and update the connector config`);
  }
}

async function copyFile(supply: SupplyState, record: ImportExecutionRecord, file: SourceFile, reporter: ExecutionReporter): Promise<void> {
  const name = VaultStorage.safePath(record.targetFolder === '' ? file.path : `${record.targetFolder}/${file.path}`);
  if (name === undefined || name === '') throw new ExecutionFailure(`the source file ${file.path} has a name a vault cannot hold; rename it`);
  const origin = { taskType: IMPORT_TASK_TYPE, taskId: record.id, properties: { import_id: record.importerId, source_path: file.path } };
  const destination = await supply.storage.prepareWrite(record.vaultId, name, record.createdAt, origin);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      record.transferredBytes += chunk.length;
      reporter.progress(record.totalBytes === 0 ? 100 : (100 * record.transferredBytes) / record.totalBytes);
      callback(null, chunk);
    },
  });
  await pipeline(createReadStream(file.absolutePath), counter, createWriteStream(destination));
}
