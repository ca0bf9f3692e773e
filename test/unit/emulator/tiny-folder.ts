/**
 * A tiny hand-written data folder for emulator tests, small enough to check every answer by
 * hand. Alpha owns Shop; Beta owns News (shared with Alpha) and Secret (offered to Alpha but
 * not accepted: invisible to it); Gamma owns nothing and sees nothing. Shop and News share
 * the e-mails a, b and c.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CatalogInput } from '../../../emulator/src/data/catalog-schema';

export const SHOP_CSV = ['email,ID,Age,Gender', 'a@x,S1,25,Female', 'b@x,S2,35,Male', 'c@x,S3,45,Female', 'd@x,S4,,Male', ',S5,61,Other', ''].join('\n');
export const NEWS_CSV = ['email,Interest', 'a@x,Cycling', 'b@x,Running', 'z@x,Cycling', 'c@x,Football', ''].join('\n');
export const SECRET_CSV = ['email,Score', 'a@x,7', 'q@x,9', ''].join('\n');

export function tinyCatalog(options: { withSecret?: boolean } = {}): CatalogInput {
  const withSecret = options.withSecret ?? true;
  return {
    companies: [
      { id: 'CMP.a', name: 'Alpha' },
      { id: 'CMP.b', name: 'Beta' },
      { id: 'CMP.c', name: 'Gamma' },
    ],
    users: [
      { id: 'USR.a', display_name: 'Ann', company_id: 'CMP.a', api_key: 'key-a' },
      { id: 'USR.b', display_name: 'Bo', company_id: 'CMP.b', api_key: 'key-b' },
      { id: 'USR.c', display_name: 'Cy', company_id: 'CMP.c', api_key: 'pub-c/priv-c' },
    ],
    datasets: [
      {
        private_id: 'Shop',
        public_name: 'Shop customers',
        owner_company_id: 'CMP.a',
        activation: true,
        keys: ['email'],
        output_columns: ['ID'],
        categories: [
          { label: 'Age', data_type: 'INTEGERS', representations: [{ label: 'Age' }, { label: 'Decades', bins: [0, 20, 40, 60] }] },
          { label: 'Gender', data_type: 'STRINGS', representations: [{ label: 'Gender', possible_values: ['Female', 'Male', 'Other'] }] },
        ],
        file: 'shop.csv',
      },
      {
        private_id: 'News',
        dataset_id: 'CLOUDA_EU_WEST_2.news',
        public_name: 'News readers',
        owner_company_id: 'CMP.b',
        keys: ['email'],
        categories: [{ label: 'Interest', data_type: 'STRINGS', representations: [{ label: 'Interest' }] }],
        file: 'news.csv',
      },
      ...(withSecret
        ? [
            {
              private_id: 'Secret',
              dataset_id: 'CLOUDA_EU_WEST_2.secret',
              public_name: 'Secret list',
              owner_company_id: 'CMP.b',
              keys: ['email'],
              categories: [{ label: 'Score', data_type: 'INTEGERS' as const, representations: [{ label: 'Score' }] }],
              file: 'secret.csv',
            },
          ]
        : []),
    ],
    permissions: [
      { private_id: 'News', owner_company_id: 'CMP.b', recipient_company_id: 'CMP.a', accepted: true },
      ...(withSecret ? [{ private_id: 'Secret', owner_company_id: 'CMP.b', recipient_company_id: 'CMP.a', accepted: false }] : []),
    ],
    collaborations: [
      {
        id: 'CLB.t',
        name: 'Alpha x Beta',
        owner_company_id: 'CMP.a',
        members: [{ company_id: 'CMP.b', rights: { operator: false, contributor: true, detailed_logs: false } }],
        datasets: [
          { collaboration_dataset_name: 'mine', private_id: 'Shop', kind: 'activation', exportable_to_members: ['CMP.a'] },
          { collaboration_dataset_name: 'yours', private_id: 'News', kind: 'insight', activation_allowed: true },
        ],
        activation_segments: [{ id: 'ATS.t1', name: 'Shared', query: 'SELECT mine.ID FROM mine INTERSECT yours' }],
        destinations: [
          { id: 'DST.a', name: 'Alpha drop', destination_type_id: 'sftp', owner_company_id: 'CMP.a', config: { host: 'sftp.alpha.example' } },
          { id: 'DST.b', name: 'Beta ads', destination_type_id: 'dsp', owner_company_id: 'CMP.b' },
        ],
      },
      {
        id: 'CLB.u',
        name: 'Second',
        owner_company_id: 'CMP.b',
        members: [{ company_id: 'CMP.a', rights: { operator: true, contributor: false, detailed_logs: true } }],
        datasets: [{ collaboration_dataset_name: 'news', private_id: 'News', kind: 'insight', activation_allowed: true }],
      },
    ],
  };
}

/** Files of the tiny folder by name; `overrides` replace or add files (a string) or remove them (null). */
export function tinyFiles(overrides: Record<string, string | null> = {}, options: { withSecret?: boolean } = {}): Map<string, string> {
  const files = new Map<string, string>([
    ['catalog.json', JSON.stringify(tinyCatalog(options), null, 2)],
    ['shop.csv', SHOP_CSV],
    ['news.csv', NEWS_CSV],
    ['secret.csv', SECRET_CSV],
  ]);
  for (const [name, text] of Object.entries(overrides)) {
    if (text === null) files.delete(name);
    else files.set(name, text);
  }
  return files;
}

/** Writes files into a fresh temporary folder; `remove()` deletes it. */
export async function writeTempFolder(files: ReadonlyMap<string, string>): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'iql-emulator-test-'));
  for (const [name, text] of files) await writeFile(join(dir, name), text, 'utf8');
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
