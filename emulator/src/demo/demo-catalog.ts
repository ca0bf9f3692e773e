/**
 * The parties of the demo clean room: companies, users with their API keys, permissions and
 * collaborations. Datasets come from demo-datasets.ts.
 *
 * Who sees what (the point of the demo is that every access rule has a case):
 * - Ana (RetailCo) sees Retail and, through accepted permissions, Bank, Publisher1, Insurer,
 *   IdGraph and PubAudience. Publisher2's permission to RetailCo is not accepted: for Ana it
 *   does not exist. She owns CLB.demo, is an operator with detailed logs in CLB.finance and
 *   cannot see CLB.media.
 * - Ben (PubCo) is an operator in CLB.demo without detailed logs (stats answer 403).
 * - Eve (InsureCo) is a contributor in CLB.finance without the operator right (queries 403).
 * - Zed (OutsideCo) sees nothing at all.
 */
import type { CatalogInput } from '../data/catalog-schema';
import { DEMO_COMPANIES } from './demo-datasets';

type Parties = Omit<CatalogInput, 'datasets'>;

const ALL_RIGHTS = { operator: true, contributor: true, detailed_logs: true };

export const DEMO_PARTIES: Parties = {
  companies: [
    { id: DEMO_COMPANIES.retail, name: 'RetailCo' },
    { id: DEMO_COMPANIES.pub, name: 'Courier Media' },
    { id: DEMO_COMPANIES.news, name: 'Herald News' },
    { id: DEMO_COMPANIES.bank, name: 'BankCo' },
    { id: DEMO_COMPANIES.insurer, name: 'InsureCo' },
    { id: DEMO_COMPANIES.identity, name: 'IdentityCo' },
    { id: 'CMP.outsideco', name: 'OutsideCo' },
  ],
  users: [
    { id: 'USR.ana', display_name: 'Ana', company_id: DEMO_COMPANIES.retail, api_key: 'demo-key-ana' },
    { id: 'USR.ben', display_name: 'Ben', company_id: DEMO_COMPANIES.pub, api_key: 'demo-key-ben' },
    { id: 'USR.cleo', display_name: 'Cleo', company_id: DEMO_COMPANIES.bank, api_key: 'demo-key-cleo' },
    { id: 'USR.dev', display_name: 'Dev', company_id: DEMO_COMPANIES.news, api_key: 'demo-key-dev' },
    { id: 'USR.eve', display_name: 'Eve', company_id: DEMO_COMPANIES.insurer, api_key: 'demo-key-eve' },
    { id: 'USR.ida', display_name: 'Ida', company_id: DEMO_COMPANIES.identity, api_key: 'demo-key-ida' },
    { id: 'USR.zed', display_name: 'Zed', company_id: 'CMP.outsideco', api_key: 'demo-key-zed' },
  ],
  permissions: [
    { private_id: 'Bank', owner_company_id: DEMO_COMPANIES.bank, recipient_company_id: DEMO_COMPANIES.retail, accepted: true },
    { private_id: 'Publisher1', owner_company_id: DEMO_COMPANIES.pub, recipient_company_id: DEMO_COMPANIES.retail, accepted: true },
    { private_id: 'Insurer', owner_company_id: DEMO_COMPANIES.insurer, recipient_company_id: DEMO_COMPANIES.retail, accepted: true },
    { private_id: 'IdGraph', owner_company_id: DEMO_COMPANIES.identity, recipient_company_id: DEMO_COMPANIES.retail, accepted: true },
    { private_id: 'PubAudience', owner_company_id: DEMO_COMPANIES.pub, recipient_company_id: DEMO_COMPANIES.retail, accepted: true },
    { private_id: 'Publisher2', owner_company_id: DEMO_COMPANIES.news, recipient_company_id: DEMO_COMPANIES.retail, accepted: false },
    { private_id: 'Retail', owner_company_id: DEMO_COMPANIES.retail, recipient_company_id: DEMO_COMPANIES.bank, accepted: true },
    { private_id: 'IdGraph', owner_company_id: DEMO_COMPANIES.identity, recipient_company_id: DEMO_COMPANIES.bank, accepted: true },
    { private_id: 'Insurer', owner_company_id: DEMO_COMPANIES.insurer, recipient_company_id: DEMO_COMPANIES.bank, accepted: true },
    { private_id: 'IdGraph', owner_company_id: DEMO_COMPANIES.identity, recipient_company_id: DEMO_COMPANIES.pub, accepted: true },
    { private_id: 'Publisher1', owner_company_id: DEMO_COMPANIES.pub, recipient_company_id: DEMO_COMPANIES.news, accepted: true },
  ],
  collaborations: [
    {
      id: 'CLB.demo',
      name: 'Retail x Publisher',
      description: 'RetailCo customers meet Daily Courier readers, to find and reach shared audiences.',
      status: 'STATUS_ACTIVE',
      owner_company_id: DEMO_COMPANIES.retail,
      creator_rights: ALL_RIGHTS,
      members: [
        { company_id: DEMO_COMPANIES.pub, rights: { operator: true, contributor: false, detailed_logs: false } },
        { company_id: DEMO_COMPANIES.identity, rights: { operator: false, contributor: true, detailed_logs: false } },
      ],
      datasets: [
        { collaboration_dataset_name: 'self', private_id: 'Retail', kind: 'activation', exportable_to_members: [DEMO_COMPANIES.retail, DEMO_COMPANIES.pub] },
        { collaboration_dataset_name: 'them', private_id: 'Publisher1', kind: 'insight', activation_allowed: true },
        { collaboration_dataset_name: 'graph', private_id: 'IdGraph', kind: 'insight', activation_allowed: true },
      ],
      activation_segments: [
        {
          id: 'ATS.demo1',
          name: 'Cyclists and runners',
          query: "SELECT self.ID, self.EmailHash FROM self INTERSECT them WHERE them.Interest IN ('Cycling', 'Running')",
        },
        { id: 'ATS.demo2', name: 'Young readers', query: 'SELECT self.ID FROM self INTERSECT them WHERE self.Age < 30 LINK WITH graph' },
      ],
      destinations: [
        { id: 'DST.retail-sftp', name: 'RetailCo SFTP drop', description: 'Nightly CSV drop for the CRM team.', destination_type_id: 'sftp', owner_company_id: DEMO_COMPANIES.retail, config: { host: 'sftp.retailco.example', path: '/incoming' }, editable_paths: ['path', 'file_name_prefix'] },
        { id: 'DST.courier-dsp', name: 'Courier ad server', description: 'Audience upload to the Daily Courier ad server.', destination_type_id: 'dsp', owner_company_id: DEMO_COMPANIES.pub, config: { account: 'courier-ads' } },
      ],
    },
    {
      id: 'CLB.finance',
      name: 'Bank x Retail insights',
      description: 'BankCo and RetailCo compare incomes and spending; InsureCo contributes policies.',
      status: 'STATUS_ACTIVE',
      owner_company_id: DEMO_COMPANIES.bank,
      creator_rights: ALL_RIGHTS,
      members: [
        { company_id: DEMO_COMPANIES.retail, rights: { operator: true, contributor: false, detailed_logs: true } },
        { company_id: DEMO_COMPANIES.insurer, rights: { operator: false, contributor: true, detailed_logs: false } },
      ],
      datasets: [
        { collaboration_dataset_name: 'bank', private_id: 'Bank', kind: 'insight', activation_allowed: true },
        { collaboration_dataset_name: 'shop', private_id: 'Retail', kind: 'activation', exportable_to_members: [DEMO_COMPANIES.retail] },
        { collaboration_dataset_name: 'cover', private_id: 'Insurer', kind: 'insight' },
      ],
      activation_segments: [
        { id: 'ATS.fin1', name: 'High earners', query: 'SELECT shop.ID FROM shop INTERSECT bank WHERE bank.Income >= 60000' },
      ],
      destinations: [
        { id: 'DST.retail-crm', name: 'RetailCo CRM', description: 'Direct upload to the RetailCo CRM.', destination_type_id: 'crm', owner_company_id: DEMO_COMPANIES.retail, config: { list: 'high-earners' } },
      ],
    },
    {
      id: 'CLB.media',
      name: 'Courier x Herald',
      description: 'Two publishers compare readerships; RetailCo is not part of it.',
      status: 'STATUS_ACTIVE',
      owner_company_id: DEMO_COMPANIES.news,
      creator_rights: ALL_RIGHTS,
      members: [{ company_id: DEMO_COMPANIES.pub, rights: ALL_RIGHTS }],
      datasets: [
        { collaboration_dataset_name: 'herald', private_id: 'Publisher2', kind: 'insight', activation_allowed: true },
        { collaboration_dataset_name: 'courier', private_id: 'Publisher1', kind: 'insight' },
        { collaboration_dataset_name: 'reach', private_id: 'PubAudience', kind: 'activation', exportable_to_members: [DEMO_COMPANIES.pub] },
      ],
      activation_segments: [
        { id: 'ATS.med1', name: 'Football fans', query: "SELECT reach.MAID FROM reach INTERSECT herald WHERE herald.Interest = 'Football'" },
      ],
      destinations: [
        { id: 'DST.courier-ads', name: 'Courier ad server', description: 'Audience upload to the Daily Courier ad server.', destination_type_id: 'dsp', owner_company_id: DEMO_COMPANIES.pub, config: { account: 'courier-ads' } },
      ],
    },
  ],
};
