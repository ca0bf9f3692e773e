/**
 * The fixes to offer with the server's "working offline" reason when a run cannot be made,
 * chosen from the same facts the server decided on (trust, profiles, keys).
 */

export interface OfflineFacts {
  readonly trusted: boolean;
  readonly profileCount: number;
  /** The profile the document targets (directive or default), if any. */
  readonly profile?: string;
  readonly profileExists: boolean;
  readonly hasKey: boolean;
}

export interface OfflineFix {
  readonly title: string;
  readonly command: string;
}

/** The buttons for the offline message, most likely fix first; at most three. Pure. */
export function chooseOfflineFixes(facts: OfflineFacts): OfflineFix[] {
  if (!facts.trusted) return [{ title: 'Manage Workspace Trust', command: 'workbench.trust.manage' }];
  if (facts.profileCount === 0) {
    return [
      { title: 'Start Local Emulator', command: 'iql.startEmulator' },
      { title: 'Add Profile…', command: 'iql.addProfile' },
    ];
  }
  if (facts.profile === undefined) return [{ title: 'Choose Default Profile…', command: 'iql.setDefaultProfile' }];
  if (!facts.profileExists) {
    return [
      { title: 'Choose Profile for This File…', command: 'iql.pickTarget' },
      { title: 'Add Profile…', command: 'iql.addProfile' },
    ];
  }
  if (!facts.hasKey) return [{ title: 'Set API Key…', command: 'iql.setApiKey' }];
  return [{ title: 'Choose Profile for This File…', command: 'iql.pickTarget' }];
}
