/**
 * The profile the "Start Local Emulator" command writes, and the demo key it uses. The key is
 * read from the emulator's own demo data, so that it is written down in one place only.
 */
import { DEMO_PARTIES } from '../../../emulator/src/demo/demo-catalog';
import { DEMO_COMPANIES } from '../../../emulator/src/demo/demo-datasets';

/** The name of the profile that points at the local emulator. */
export const EMULATOR_PROFILE = 'Local emulator';

const demoUser = DEMO_PARTIES.users.find((user) => user.company_id === DEMO_COMPANIES.retail) ?? DEMO_PARTIES.users[0];

/** RetailCo's demo user (Ana), who sees the most of the demo clean room. */
export const DEMO_USER_NAME: string = demoUser?.display_name ?? 'the demo user';

/** The key of that user: a public demo key, stored in secret storage all the same. */
export const DEMO_API_KEY: string = demoUser?.api_key ?? '';

/** Every demo key: the emulator prints them, and they are hidden from the log all the same. */
export const DEMO_API_KEYS: readonly string[] = DEMO_PARTIES.users.map((user) => user.api_key);
