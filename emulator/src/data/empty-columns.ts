/**
 * The columns of datasets that have no rows. A catalog may list tens of thousands of datasets
 * whose files hold only a header (a clean room being set up, a benchmark); each of them would
 * otherwise keep a Map and an empty column object per key, category and output column. Columns
 * are never changed once built, so every empty dataset with the same column names can share
 * one Map of shared empty columns: such a dataset costs its catalog entry and nothing more.
 */
import { buildDictionaryColumn } from './dictionary-column';
import type { DatasetColumn } from './dictionary-column';

export class EmptyColumnSets {
  private readonly columns = new Map<string, DatasetColumn>();
  private readonly sets = new Map<string, ReadonlyMap<string, DatasetColumn>>();

  /** The columns of a dataset without rows whose columns are `names`, in that order. */
  columnsNamed(names: readonly string[]): ReadonlyMap<string, DatasetColumn> {
    // A NUL cannot be part of a CSV header name the loader accepted, so the key is unambiguous.
    const key = names.join('\u0000');
    let set = this.sets.get(key);
    if (set === undefined) {
      set = new Map(names.map((name) => [name, this.column(name)]));
      this.sets.set(key, set);
    }
    return set;
  }

  private column(name: string): DatasetColumn {
    let column = this.columns.get(name);
    if (column === undefined) {
      column = buildDictionaryColumn(name, []);
      this.columns.set(name, column);
    }
    return column;
  }
}
