import type { CompletionItem, CompletionList } from 'vscode-languageserver-types';

/** How many lists resolve can still be asked about: an editor resolves items of the list it shows. */
const KEPT_LISTS = 8;

/**
 * Which document each recent completion list was made for, so that `completionItem/resolve`
 * reads the catalog of that document's target. A list's items (or its default data, which the
 * editor copies into the items that have none) carry its number (`data.list`),
 * a few bytes each, rather than the document's address: the address times the items would make
 * every answer larger, and an item resolved after another document's list must not be
 * documented from that document's catalog.
 */
export class RecentCompletionLists {
  private readonly uris = new Map<number, string>();
  private next = 0;

  /** Numbers `list` as made for `uri`, writing the number into each item's data and the list's default data. */
  stamp(list: CompletionList, uri: string): CompletionList {
    const number = (this.next += 1);
    this.uris.set(number, uri);
    if (this.uris.size > KEPT_LISTS) this.uris.delete(this.uris.keys().next().value as number);
    const defaults = list.itemDefaults?.data;
    if (defaults !== null && typeof defaults === 'object') (defaults as { list?: number }).list = number;
    for (const item of list.items) {
      if (item.data !== null && typeof item.data === 'object') (item.data as { list?: number }).list = number;
    }
    return list;
  }

  /** The document `item`'s list was made for, while that list is among the recent ones. */
  uriOf(item: CompletionItem): string | undefined {
    const list = (item.data as { list?: unknown } | null | undefined)?.list;
    return typeof list === 'number' ? this.uris.get(list) : undefined;
  }
}
