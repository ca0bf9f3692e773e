/**
 * What every real-editor run needs around the editor: a data folder (the demo clean room plus
 * one hostile dataset), an emulator serving it, an empty workspace folder, and the
 * environment that points the language server at the emulator. Shared by the code-server
 * runner and the desktop VS Code runner (scripts/editor/run-electron.mjs).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CatalogInput } from '../../emulator/src/data/catalog-schema';
import { CATALOG_FILE } from '../../emulator/src/data/load-data-folder';
import { writeDemoFolder } from '../../emulator/src/demo/generate-demo-folder';
import { startEmulator } from '../../emulator/src/start-emulator';
import type { RunningEmulator } from '../../emulator/src/start-emulator';
import { HOSTILE_DATASET } from './hostile-dataset';

/** Ana, of RetailCo: the demo user who sees the most. */
export const EDITOR_API_KEY = 'demo-key-ana';

export interface EditorFixture {
  readonly emulator: RunningEmulator;
  /** An empty folder for the editor to open; scenarios write their files into it. */
  readonly workspaceDir: string;
  /**
   * Variables that point the language server at the emulator (no other profile exists), and
   * leave out the first-launch welcome, which would open tabs under the scenarios' feet (the
   * first-launch scenario shows it itself).
   */
  readonly env: Readonly<Record<string, string>>;
  /** Stops the emulator and removes the temporary folders. */
  dispose(): Promise<void>;
}

/**
 * Writes the data folder and the workspace into a new temporary folder and starts the
 * emulator on 127.0.0.1, on a free port. Rejects with the emulator's message if it cannot start.
 */
export async function startEditorFixture(): Promise<EditorFixture> {
  const root = await mkdtemp(join(tmpdir(), 'iql-editor-'));
  const dataDir = join(root, 'data');
  const workspaceDir = join(root, 'workspace');
  await writeDemoFolder(dataDir);
  await addHostileDataset(dataDir);
  await mkdir(workspaceDir);
  // The workspace's folders are the emulator's remote sources, as for the emulator the extension starts.
  const started = await startEmulator({ dataDir, port: 0, host: '127.0.0.1', sourcesDir: workspaceDir });
  if (!started.ok) {
    await rm(root, { recursive: true, force: true });
    throw new Error(`the emulator did not start: ${started.message}`);
  }
  const emulator = started.emulator;
  return {
    emulator,
    workspaceDir,
    env: { IQL_BASE_URL: emulator.url, IQL_API_KEY: EDITOR_API_KEY, IQL_FIRST_LAUNCH: 'skip' },
    dispose: async () => {
      await emulator.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Adds the hostile dataset, owned by RetailCo so that Ana sees it, to a demo data folder. */
export async function addHostileDataset(dataDir: string): Promise<void> {
  const catalogPath = join(dataDir, CATALOG_FILE);
  const catalog = JSON.parse(await readFile(catalogPath, 'utf8')) as CatalogInput;
  const file = 'hostile.csv';
  catalog.datasets.push({
    private_id: HOSTILE_DATASET.privateId,
    public_name: HOSTILE_DATASET.publicName,
    description: HOSTILE_DATASET.description,
    owner_company_id: 'CMP.retailco',
    keys: ['email'],
    categories: [{ label: 'Score', data_type: 'INTEGERS', representations: [{ label: 'Score' }] }],
    file,
  });
  await writeFile(catalogPath, `${JSON.stringify(catalog, null, 2)}\n`, 'utf8');
  const rows = Array.from({ length: 40 }, (_, index) => `person${index}@example.com,${index % 7}`);
  await writeFile(join(dataDir, file), `email,Score\n${rows.join('\n')}\n`, 'utf8');
}
