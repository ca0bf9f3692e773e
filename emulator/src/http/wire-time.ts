/**
 * The emulator's only notion of time. Answers must be byte-for-byte reproducible, so every
 * timestamp on the wire is this fixed instant instead of the clock.
 */
export const EMULATOR_EPOCH = '2025-01-01T00:00:00Z';
