/**
 * Who a client signs in as against the demo clean room. `iql emulator --demo-profile-json`
 * announces it to the process that started it (the editor), which therefore needs none of the
 * emulator's code to learn a demo key.
 */
import { DEMO_PARTIES } from './demo-catalog';
import { DEMO_COMPANIES } from './demo-datasets';

export interface DemoProfile {
  /** The demo user's name, for messages such as "signs in as Ana". */
  readonly displayName: string;
  /** The demo user's key: public, but a client keeps it in secret storage all the same. */
  readonly apiKey: string;
  /** Every demo user's key, so that a parent process can hide them all from its logs. */
  readonly apiKeys: readonly string[];
}

const retailUser = DEMO_PARTIES.users.find((user) => user.company_id === DEMO_COMPANIES.retail) ?? DEMO_PARTIES.users[0];

/** RetailCo's user (Ana), who sees the most of the demo clean room (see demo-catalog.ts). */
export const DEMO_PROFILE: DemoProfile = {
  displayName: retailUser?.display_name ?? 'the demo user',
  apiKey: retailUser?.api_key ?? '',
  apiKeys: DEMO_PARTIES.users.map((user) => user.api_key),
};
