/**
 * The read settings of a recordset config or of Create a Recordset's `execution_config`
 * (seed 002 §2.8), from the wire fields given over a base (the stored config, or the
 * defaults): 400 naming the field when they cannot work — no delimiter, or no header row
 * and no header_names.
 */
import type { ReadSettings } from '../../supply/supply-records';
import { badRequest } from '../reply-error';

export interface WireReadSettings {
  readonly file_type?: 'AUTO' | 'CSV' | 'PARQUET';
  readonly header_names?: readonly string[];
  readonly header_row?: boolean;
  readonly include_subfolders?: boolean;
  readonly primary_delimiter?: string;
  readonly secondary_delimiter?: string;
}

export const DEFAULT_READ_SETTINGS: ReadSettings = {
  fileType: 'AUTO', headerNames: [], headerRow: true, includeSubfolders: false, primaryDelimiter: ',', secondaryDelimiter: '',
};

/** One character, or the escapes `\t` and `\uXXXX`; never a quote or a line break. */
const DELIMITER = /^(?:[^"\r\n]|\\t|\\u[0-9A-Fa-f]{4})$/;

export function readSettingsFrom(wire: WireReadSettings, base: ReadSettings, at = ''): ReadSettings {
  const settings: ReadSettings = {
    fileType: wire.file_type ?? base.fileType,
    headerNames: wire.header_names ?? base.headerNames,
    headerRow: wire.header_row ?? base.headerRow,
    includeSubfolders: wire.include_subfolders ?? base.includeSubfolders,
    primaryDelimiter: wire.primary_delimiter ?? base.primaryDelimiter,
    secondaryDelimiter: wire.secondary_delimiter ?? base.secondaryDelimiter,
  };
  if (!DELIMITER.test(settings.primaryDelimiter)) {
    throw badRequest(`${at}primary_delimiter: write one character (e.g. "," or "|"), or \\t for a tab; quotes and line breaks cannot separate fields`);
  }
  if (settings.secondaryDelimiter !== '' && !DELIMITER.test(settings.secondaryDelimiter)) throw badRequest(`${at}secondary_delimiter: write one character, or leave it empty`);
  if (!settings.headerRow && settings.headerNames.length === 0) {
    throw badRequest(`${at}header_names: required when header_row is false (the column names, in column order)`);
  }
  if (settings.headerNames.some((name) => name.trim() === '')) throw badRequest(`${at}header_names: every column needs a name`);
  if (new Set(settings.headerNames).size !== settings.headerNames.length) throw badRequest(`${at}header_names: each name may appear once`);
  return settings;
}
