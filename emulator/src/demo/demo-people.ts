/**
 * The population behind the demo clean room: every dataset is a partial, slightly different
 * view of these people, which is what gives the datasets realistic overlaps.
 */
import type { Prng } from './prng';
import {
  AGE_GROUPS, EMAIL_DOMAINS, FIRST_NAMES, GENDER_WEIGHTS, GENDERS, INTEREST_WEIGHTS, INTERESTS,
  JOB_WEIGHTS, JOBS, LAST_NAMES, REGION_WEIGHTS, REGIONS, SECTIONS,
} from './demo-vocabulary';

export interface Person {
  readonly index: number;
  readonly email: string;
  readonly phone: string;
  readonly deviceId: string;
  readonly age: number;
  readonly ageGroup: string;
  readonly gender: string;
  readonly region: string;
  /** Yearly personal income in pounds, a multiple of 100. */
  readonly income: number;
  readonly interest: string;
  readonly secondInterest: string;
  readonly section: string;
  readonly job: string;
}

/** Generates `count` people; the same generator state always gives the same people. */
export function generatePeople(prng: Prng, count: number): Person[] {
  const sectionWeights = SECTIONS.map((_, rank) => 1 / (rank + 1.5));
  const people: Person[] = [];
  for (let index = 0; index < count; index++) {
    const first = prng.pick(FIRST_NAMES);
    const last = prng.pick(LAST_NAMES);
    const age = Math.max(18, Math.min(85, Math.round(prng.normal(44, 15))));
    const job = age >= 67 ? 'Retired' : age <= 22 && prng.chance(0.6) ? 'Student' : prng.weighted(JOBS, JOB_WEIGHTS);
    const base = job === 'Student' ? 9000 : job === 'Retired' ? 21000 : 31000;
    const income = Math.max(0, Math.round((base * Math.exp(prng.normal(0, 0.55))) / 100) * 100);
    people.push({
      index,
      email: `${first}.${last}${index}@${prng.pick(EMAIL_DOMAINS)}`,
      phone: `+447700${String(100000 + index).padStart(6, '0')}`,
      deviceId: `dev-${(index * 2654435761 >>> 0).toString(16).padStart(8, '0')}`,
      age,
      ageGroup: ageGroupOf(age),
      gender: prng.weighted(GENDERS, GENDER_WEIGHTS),
      region: prng.weighted(REGIONS, REGION_WEIGHTS),
      income,
      interest: prng.weighted(INTERESTS, INTEREST_WEIGHTS),
      secondInterest: prng.weighted(INTERESTS, INTEREST_WEIGHTS),
      section: prng.weighted(SECTIONS, sectionWeights),
      job,
    });
  }
  return people;
}

function ageGroupOf(age: number): string {
  if (age < 25) return AGE_GROUPS[0];
  if (age < 35) return AGE_GROUPS[1];
  if (age < 45) return AGE_GROUPS[2];
  if (age < 55) return AGE_GROUPS[3];
  if (age < 65) return AGE_GROUPS[4];
  return AGE_GROUPS[5];
}
