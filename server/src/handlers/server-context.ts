import type { Connection } from 'vscode-languageserver';
import type { Catalog } from '../../../language/src';
import type { ServiceHub } from '../../../service/src';
import type { CollaborationChoices } from '../workspace/collaboration-choices';
import type { DiagnosticsScheduler } from '../workspace/diagnostics-scheduler';
import type { OpenDocuments } from '../workspace/open-documents';
import type { ProfileState } from '../workspace/profile-state';
import type { ConfigFiles } from '../workspace/config-files';
import type { TargetAccess } from '../workspace/target-access';

/** Options the extension client sends in `initialize`; other clients send none. */
export interface InitializationOptions {
  /** True when the client answers `iql/profiles` (keys from its secret storage). */
  readonly profilesFromClient?: boolean;
  /** True when the client serves `iql-dataset:` addresses (common/protocol/dataset-page.ts): go to definition answers them. */
  readonly datasetPages?: boolean;
  /** Set by the server from the client's capabilities (not an option the client sends): it applies snippet edits. */
  readonly snippetEdits?: boolean;
  /** Set by the server from the client's capabilities: completion lists may give their items' edit range once (`itemDefaults.editRange`). */
  readonly completionEditRangeDefault?: boolean;
  /** The client gives items a list's default data (LSP 3.17 `itemDefaults.data`), as VS Code does. */
  readonly completionDataDefault?: boolean;
  /** Pause after typing before the service validates, in ms (tests shorten it). */
  readonly validationDelayMs?: number;
  /**
   * A folder of the server's own (the extension's global storage), where catalogs are kept
   * between runs: a start then has them at once and only revalidates them with the service.
   * Absent: nothing is written to disk.
   */
  readonly storageDir?: string;
}

/**
 * What every handler module is given by the composition root (language-server.ts). Handlers
 * stay thin: find the document, call a pure language function or the service layer, answer.
 */
export interface ServerContext {
  readonly connection: Connection;
  readonly documents: OpenDocuments;
  readonly hub: ServiceHub<Catalog>;
  readonly profiles: ProfileState;
  readonly targets: TargetAccess;
  readonly collaborationChoices: CollaborationChoices;
  /** Report and automation files: what the server understands inside them. */
  readonly configFiles: ConfigFiles;
  readonly scheduler: () => DiagnosticsScheduler | undefined;
  readonly options: () => InitializationOptions;
}
