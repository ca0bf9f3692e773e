/** The connector block an import connector config's record keeps (connector-config.ts). */
import { CONNECTOR_KINDS } from './connector-config';
import type { ConnectorBlock } from './connector-config';
import type { ImportConnectorRecord } from './supply-records';

/** The record's one block: `config` holds it under its kind's wire name. */
export function connectorBlockOf(record: ImportConnectorRecord): ConnectorBlock {
  const kind = CONNECTOR_KINDS.find((candidate) => record.config[candidate] !== undefined) ?? 'sftp_connector';
  return { kind, fields: (record.config[kind] ?? {}) as Record<string, unknown> };
}
