/**
 * The seven datasets of the demo clean room: what each company holds about the shared
 * population, which keys it has, and how complete it is.
 *
 * The overlaps are deliberate. Retail and Publisher1 share some e-mails directly; many more
 * of their customers only meet through IdGraph (Publisher1 often knows a device, Retail a
 * phone). Insurer has phones only, so it meets the publishers through IdGraph alone. Every
 * dataset holds a few duplicate records with different values, so "the record with the
 * lowest row number" matters. Age appears only in Retail and Publisher2, so the examples'
 * unqualified `Age` is never ambiguous.
 */
import { createHash } from 'node:crypto';
import type { CatalogInput } from '../data/catalog-schema';
import type { Person } from './demo-people';
import type { Prng } from './prng';
import {
  ageCategory, creditScoreCategory, dateCategory, floatCategory, incomeCategory, integerCategory,
  openStringCategory, stringCategory,
} from './demo-categories';
import {
  ACCOUNT_TYPE_WEIGHTS, ACCOUNT_TYPES, AGE_GROUPS, AUDIENCE_SEGMENTS, DEVICE_TYPE_WEIGHTS, DEVICE_TYPES,
  GENDERS, INTERESTS, JOBS, POLICY_TYPE_WEIGHTS, POLICY_TYPES, REGIONS, YES_NO,
} from './demo-vocabulary';

export type DatasetInput = CatalogInput['datasets'][number];
export type Cell = string | number | undefined;

export interface DemoDatasetSpec {
  readonly meta: DatasetInput;
  /** Share of the population with at least one record. */
  readonly share: number;
  /** Share of those with a second, later record. */
  readonly duplicateShare: number;
  /** Probability that each key is filled in a record. */
  readonly keyPresence: Readonly<Record<string, number>>;
  /** The non-key cells of one record. */
  cells(person: Person, prng: Prng, serial: number): Record<string, Cell>;
}

export const DEMO_COMPANIES = {
  retail: 'CMP.retailco',
  pub: 'CMP.pubco',
  news: 'CMP.newsco',
  bank: 'CMP.bankco',
  insurer: 'CMP.insureco',
  identity: 'CMP.idco',
} as const;

function maybe<T>(prng: Prng, fill: number, value: T): T | undefined {
  return prng.chance(fill) ? value : undefined;
}

/** A date in 2023–2025, skewed towards recent ones, as 'YYYY-MM-DD'. */
function recentDate(prng: Prng): string {
  const daysAgo = Math.floor(Math.abs(prng.normal(0, 260))) % 1095;
  const date = new Date(Date.UTC(2025, 11, 31) - daysAgo * 86_400_000);
  return date.toISOString().slice(0, 10);
}

export const DEMO_DATASETS: readonly DemoDatasetSpec[] = [
  {
    meta: {
      private_id: 'Retail',
      dataset_id: 'CLOUDA_EU_WEST_2.retail01',
      public_name: 'Retail customers',
      description: 'Loyalty and purchase records of RetailCo shoppers across the UK.',
      owner_company_id: DEMO_COMPANIES.retail,
      activation: true,
      redaction_threshold: 10,
      rounding_threshold: 5,
      keys: ['email', 'phone'],
      output_columns: ['ID', 'EmailHash'],
      categories: [
        ageCategory(),
        stringCategory('Gender', GENDERS),
        stringCategory('Region', REGIONS),
        incomeCategory('Personal Income', 'Income'),
        stringCategory('Loyalty Member', YES_NO),
        dateCategory('Last Purchase'),
        floatCategory('Spend'),
      ],
      file: 'retail.csv',
    },
    share: 0.45,
    duplicateShare: 0.04,
    keyPresence: { email: 0.85, phone: 0.6 },
    cells: (person, prng, serial) => ({
      ID: `R${String(serial).padStart(6, '0')}`,
      EmailHash: createHash('sha256').update(person.email).digest('hex'),
      Age: maybe(prng, 0.93, person.age),
      Gender: maybe(prng, 0.95, person.gender),
      Region: maybe(prng, 0.97, person.region),
      'Personal Income': maybe(prng, 0.7, Math.round(person.income / 500) * 500),
      'Loyalty Member': prng.chance(0.35) ? 'Yes' : 'No',
      'Last Purchase': maybe(prng, 0.9, recentDate(prng)),
      Spend: (Math.round(Math.exp(prng.normal(5, 1)) * 100) / 100).toFixed(2),
    }),
  },
  {
    meta: {
      private_id: 'Publisher1',
      dataset_id: 'CLOUDA_EU_WEST_2.pub01',
      public_name: 'Daily Courier readers',
      description: 'Registered readers of the Daily Courier website and app, with reading habits.',
      owner_company_id: DEMO_COMPANIES.pub,
      redaction_threshold: 10,
      rounding_threshold: 5,
      keys: ['email', 'device_id'],
      categories: [
        stringCategory('Gender', GENDERS),
        stringCategory('Age Group', AGE_GROUPS),
        stringCategory('Interest', INTERESTS),
        openStringCategory('Favourite Section'),
        stringCategory('Device Type', DEVICE_TYPES),
      ],
      file: 'publisher1.csv',
    },
    share: 0.5,
    duplicateShare: 0.06,
    keyPresence: { email: 0.5, device_id: 0.85 },
    cells: (person, prng) => ({
      Gender: maybe(prng, 0.8, person.gender),
      'Age Group': maybe(prng, 0.75, person.ageGroup),
      Interest: prng.chance(0.7) ? person.interest : person.secondInterest,
      'Favourite Section': maybe(prng, 0.92, person.section),
      'Device Type': prng.weighted(DEVICE_TYPES, DEVICE_TYPE_WEIGHTS),
    }),
  },
  {
    meta: {
      private_id: 'Publisher2',
      dataset_id: 'CLOUDA_EU_WEST_2.pub02',
      public_name: 'Weekend Herald subscribers',
      description: 'Print and digital subscribers of the Weekend Herald.',
      owner_company_id: DEMO_COMPANIES.news,
      redaction_threshold: 10,
      rounding_threshold: 5,
      keys: ['email', 'device_id'],
      categories: [
        ageCategory(),
        stringCategory('Gender', GENDERS),
        stringCategory('Interest', INTERESTS),
        openStringCategory('Favourite Section'),
        stringCategory('Subscriber', YES_NO),
      ],
      file: 'publisher2.csv',
    },
    share: 0.4,
    duplicateShare: 0.03,
    keyPresence: { email: 0.7, device_id: 0.6 },
    cells: (person, prng) => ({
      Age: maybe(prng, 0.6, person.age),
      Gender: maybe(prng, 0.85, person.gender),
      Interest: prng.chance(0.5) ? person.secondInterest : person.interest,
      'Favourite Section': maybe(prng, 0.9, person.section),
      Subscriber: prng.chance(0.3) ? 'Yes' : 'No',
    }),
  },
  {
    meta: {
      private_id: 'Bank',
      dataset_id: 'CLOUDA_EU_WEST_2.bank01',
      public_name: 'BankCo current accounts',
      description: 'Retail banking customers with income and occupation.',
      owner_company_id: DEMO_COMPANIES.bank,
      redaction_threshold: 20,
      rounding_threshold: 10,
      keys: ['email', 'phone'],
      categories: [
        incomeCategory('Income', 'Income'),
        stringCategory('Gender', GENDERS),
        stringCategory('Job', JOBS),
        stringCategory('Account Type', ACCOUNT_TYPES),
        creditScoreCategory(),
      ],
      file: 'bank.csv',
    },
    share: 0.35,
    duplicateShare: 0.02,
    keyPresence: { email: 0.7, phone: 0.8 },
    cells: (person, prng) => ({
      Income: person.income,
      Gender: maybe(prng, 0.98, person.gender),
      Job: maybe(prng, 0.85, person.job),
      'Account Type': prng.weighted(ACCOUNT_TYPES, ACCOUNT_TYPE_WEIGHTS),
      'Credit Score': Math.max(300, Math.min(899, Math.round(prng.normal(640, 90)))),
    }),
  },
  {
    meta: {
      private_id: 'Insurer',
      dataset_id: 'CLOUDA_EU_WEST_2.ins01',
      public_name: 'InsureCo policy holders',
      description: 'Policy holders of InsureCo, known by phone number.',
      owner_company_id: DEMO_COMPANIES.insurer,
      redaction_threshold: 10,
      rounding_threshold: 5,
      keys: ['phone'],
      categories: [
        stringCategory('Policy Type', POLICY_TYPES),
        stringCategory('Car Owner', YES_NO),
        integerCategory('Claims Last Year'),
      ],
      file: 'insurer.csv',
    },
    share: 0.3,
    duplicateShare: 0.05,
    keyPresence: { phone: 1 },
    cells: (_person, prng) => ({
      'Policy Type': prng.weighted(POLICY_TYPES, POLICY_TYPE_WEIGHTS),
      'Car Owner': prng.chance(0.7) ? 'Yes' : 'No',
      'Claims Last Year': prng.weighted([0, 1, 2, 3], [80, 14, 4, 2]),
    }),
  },
  {
    meta: {
      private_id: 'IdGraph',
      dataset_id: 'CLOUDA_EU_WEST_2.idg01',
      public_name: 'UK identity graph',
      description: 'Links e-mail addresses, phone numbers and devices of the same person.',
      owner_company_id: DEMO_COMPANIES.identity,
      redaction_threshold: 10,
      rounding_threshold: 5,
      keys: ['email', 'phone', 'device_id'],
      categories: [integerCategory('Household Size')],
      file: 'idgraph.csv',
    },
    share: 0.75,
    duplicateShare: 0,
    keyPresence: { email: 0.9, phone: 0.85, device_id: 0.85 },
    cells: (_person, prng) => ({ 'Household Size': prng.weighted([1, 2, 3, 4, 5, 6], [28, 34, 16, 14, 6, 2]) }),
  },
  {
    meta: {
      private_id: 'PubAudience',
      dataset_id: 'CLOUDA_EU_WEST_2.pubact01',
      public_name: 'Daily Courier addressable audience',
      description: 'Devices the Daily Courier can reach with advertising; an activation dataset.',
      owner_company_id: DEMO_COMPANIES.pub,
      activation: true,
      redaction_threshold: 10,
      rounding_threshold: 5,
      keys: ['email', 'device_id'],
      output_columns: ['MAID'],
      categories: [stringCategory('Segment', AUDIENCE_SEGMENTS)],
      file: 'pubaudience.csv',
    },
    share: 0.3,
    duplicateShare: 0.02,
    keyPresence: { email: 0.3, device_id: 1 },
    cells: (person, prng) => ({
      MAID: `maid-${person.deviceId.slice(4)}-${prng.int(1000, 9999)}`,
      Segment: prng.pick(AUDIENCE_SEGMENTS),
    }),
  },
];
