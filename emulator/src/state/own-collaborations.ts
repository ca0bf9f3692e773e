/**
 * Collaborations change while the emulator runs (created, closed, left, assets added and
 * removed), but the loaded data must stay as loaded: several servers may share it (tests do),
 * and a restart starts again from the folder. So each server works on its own copy of the
 * catalog's collaborations and permissions (Add access to the Demo Datasets adds some);
 * everything else of the data stays shared and read-only.
 */
import type { EmulatorData } from '../data/loaded-data';

/** `data` with a private, deep copy of its collaborations and permissions. */
export function withOwnCollaborations(data: EmulatorData): EmulatorData {
  const { collaborations, permissions } = data.catalog;
  return { ...data, catalog: { ...data.catalog, collaborations: structuredClone(collaborations), permissions: structuredClone(permissions) } };
}
