/**
 * The user the wire names for something a company made before the emulator started (a
 * catalog dataset, segment or destination). Fields such as `created_by`, `published_by` and
 * `creator_id` hold a user ID (the swagger: "the ID of the user who created …"), never a
 * company ID, and catalog.json does not say which user made what: the company's first user in
 * catalog order stands for it, so the answer is the same on every start.
 */
import type { EmulatorData } from '../data/loaded-data';

/**
 * The ID of `companyId`'s first user. A company without users (the format allows one) gets
 * `USR.<company ID>`: still shaped like a user ID, and a List Users lookup of it finds nobody,
 * as for any user the caller cannot see.
 */
export function companyUserId(data: EmulatorData, companyId: string): string {
  return data.catalog.users.find((user) => user.company_id === companyId)?.id ?? `USR.${companyId}`;
}
