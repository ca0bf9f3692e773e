/** The names of recordsets and recordset configs (seed 002 §2.8, §8): alphanumeric, underscore, hyphen, space. */
import { badRequest, quote } from '../reply-error';

const NAME = /^[A-Za-z0-9_\- ]+$/;

/** The name, checked; a 400 naming `field` when empty or holding another character. */
export function checkSupplyName(field: string, name: string | undefined): string {
  if (name === undefined || name.trim() === '') throw badRequest(`${field}: a name is required (letters, digits, underscores, hyphens and spaces)`);
  if (!NAME.test(name)) throw badRequest(`${field}: ${quote(name)} may hold letters, digits, underscores, hyphens and spaces only`);
  return name;
}
