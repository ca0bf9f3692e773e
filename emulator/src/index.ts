/**
 * The emulator's public face, for `iql emulator` (cli/): start one, the demo user it signs in
 * as, the names `--faults` accepts, and the clock that fires schedules in real time. Tests and
 * benchmarks may reach inside; product code outside emulator/ imports this file only.
 */
export { startEmulator, type RunningEmulator, type StartEmulatorOptions, type StartEmulatorResult } from './start-emulator';
export { DEMO_PROFILE, type DemoProfile } from './demo/demo-profile';
export { listFaultNames } from './http/fault-names';
export { RealClock } from './state/emulator-clock';
