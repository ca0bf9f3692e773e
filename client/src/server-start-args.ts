/**
 * The Node options of each start of the language server (common/startup-snapshot.ts), asked
 * for again at every start, so that a snapshot built during this session is used by the next
 * restart. A start from a snapshot that never reached a running server before the next start
 * was asked for sets that snapshot aside: Node checks a snapshot before any code of ours runs,
 * and a snapshot it refuses would otherwise stop every start. A probe already tried each one
 * when it was built; this is the guard for what the probe could not foresee.
 */
import { snapshotIn } from '../../common/startup-snapshot';

export class ServerStartArgs {
  /** The snapshot of the last start, until its server runs. */
  private unconfirmed: string | undefined;

  constructor(
    private readonly argsNow: () => string[],
    private readonly setAside: (snapshot: string, reason: string) => void,
  ) {}

  /** The options of the start about to be made. */
  next(): string[] {
    if (this.unconfirmed !== undefined) this.setAside(this.unconfirmed, 'the language server started from it never ran');
    const args = this.argsNow();
    this.unconfirmed = snapshotIn(args);
    return args;
  }

  /** The server of the last start runs. */
  running(): void {
    this.unconfirmed = undefined;
  }
}
