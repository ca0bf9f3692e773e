/**
 * An in-memory stand-in for `vscode.Memento` that behaves like the editor's: `update` stores a
 * JSON copy (so callers cannot change stored values behind its back) and resolves later.
 */
import type { MementoLike } from '../../../../client/src/runs/history-store';

export class MemoryMemento implements MementoLike {
  private readonly values = new Map<string, string>();
  updates = 0;

  get<T>(key: string): T | undefined {
    const stored = this.values.get(key);
    return stored === undefined ? undefined : (JSON.parse(stored) as T);
  }

  async update(key: string, value: unknown): Promise<void> {
    this.updates += 1;
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, JSON.stringify(value));
    await Promise.resolve();
  }

  /** The stored JSON text of `key`, to check what reached storage. */
  raw(key: string): string | undefined {
    return this.values.get(key);
  }
}
