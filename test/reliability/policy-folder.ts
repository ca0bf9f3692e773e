/**
 * The tiny emulator folder (test/unit/emulator/tiny-folder.ts) plus two collaborations that
 * give every policy rule both a company it allows and one it refuses. Alpha (key-a) owns both
 * collaborations and the Shop dataset; Beta (key-b) and Gamma (pub-c/priv-c) are members with
 * every right, so that only the rule under test can refuse them.
 *
 * - CLB.p: Shop as `shop`, exportable to Alpha and Beta, not to Gamma.
 * - CLB.sealed: Shop as `sealed`, exportable to nobody, not even its owner.
 */
import type { CatalogInput } from '../../emulator/src/data/catalog-schema';
import { tinyCatalog, tinyFiles } from '../unit/emulator/tiny-folder';

export const KEY = { alpha: 'key-a', beta: 'key-b', gamma: 'pub-c/priv-c' } as const;

const EVERY_RIGHT = { operator: true, contributor: true, detailed_logs: true };

const POLICY_COLLABORATIONS: NonNullable<CatalogInput['collaborations']> = [
  {
    id: 'CLB.p',
    name: 'Policy',
    owner_company_id: 'CMP.a',
    members: [
      { company_id: 'CMP.b', rights: EVERY_RIGHT },
      { company_id: 'CMP.c', rights: EVERY_RIGHT },
    ],
    datasets: [
      { collaboration_dataset_name: 'shop', private_id: 'Shop', kind: 'activation', exportable_to_members: ['CMP.a', 'CMP.b'] },
      { collaboration_dataset_name: 'news', private_id: 'News', kind: 'insight', activation_allowed: true },
    ],
  },
  {
    id: 'CLB.sealed',
    name: 'Sealed',
    owner_company_id: 'CMP.a',
    members: [{ company_id: 'CMP.b', rights: EVERY_RIGHT }],
    datasets: [
      { collaboration_dataset_name: 'sealed', private_id: 'Shop', kind: 'activation', exportable_to_members: [] },
      { collaboration_dataset_name: 'news', private_id: 'News', kind: 'insight', activation_allowed: true },
    ],
  },
];

/** The files of the policy folder, for `startTestServer({ files })`. */
export function policyFiles(): Map<string, string> {
  const catalog = tinyCatalog();
  const withPolicy: CatalogInput = { ...catalog, collaborations: [...(catalog.collaborations ?? []), ...POLICY_COLLABORATIONS] };
  return tinyFiles({ 'catalog.json': JSON.stringify(withPolicy, null, 2) });
}
