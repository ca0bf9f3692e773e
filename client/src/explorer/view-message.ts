/**
 * The line above each explorer tree: which profile it shows, and the filter in force.
 */

/**
 * `Profile "demo" · filter "ret"`; undefined when there is neither (the welcome content or a
 * message row says why). The profile is the user's own name, the filter their own text.
 */
export function describeViewMessage(profile: string | undefined, filter: string): string | undefined {
  const parts: string[] = [];
  if (profile !== undefined) parts.push(`Profile "${profile}"`);
  if (filter !== '') parts.push(`filter "${filter}"`);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}
