/**
 * Shares equal parts of a catalog while it is being built. A catalog of thousands of
 * datasets built on one global schema repeats the same categories, representations, possible
 * values and key names in every dataset; holding one copy of each keeps a 10,000-dataset
 * catalog at a few megabytes instead of hundreds of thousands of identical small objects.
 *
 * The parts it hands out are shared between datasets, which is safe because the catalog
 * model is read-only. Build one interner per catalog load and drop it afterwards: it keeps a
 * key for every distinct part it has seen.
 *
 * Equality is judged on a part's JSON text, which costs about a microsecond a category: half
 * a second for 10,000 datasets of 50 categories. The service reader hands over the same wire
 * objects for categories written alike (service/src/shared-elements.ts), so wire lists and
 * wire categories seen before are known by identity (`categoryListFrom`), and only a
 * distinct one is converted and judged.
 */
import type { CatalogCategory, CatalogRepresentation } from './catalog';

const EMPTY_TEXT_LIST: readonly string[] = Object.freeze([]);

export class CatalogInterner {
  private readonly texts = new Map<string, string>();
  private readonly textLists = new Map<string, readonly string[]>();
  private readonly categories = new Map<string, CatalogCategory>();
  private readonly categoryIds = new Map<CatalogCategory, number>();
  private readonly categoryLists = new Map<string, readonly CatalogCategory[]>();
  private readonly fromWireLists = new WeakMap<object, readonly CatalogCategory[]>();
  private readonly fromWire = new WeakMap<object, CatalogCategory>();

  /** The one copy of `value` (strings parsed from JSON are separate copies, even when equal). */
  text(value: string): string {
    const known = this.texts.get(value);
    if (known !== undefined) return known;
    this.texts.set(value, value);
    return value;
  }

  /** The one copy of a list of strings equal to `values`, its strings shared too. */
  textList(values: readonly string[]): readonly string[] {
    // Most datasets list no output columns: one shared empty list, without a key to build.
    if (values.length === 0) return EMPTY_TEXT_LIST;
    const key = JSON.stringify(values);
    const known = this.textLists.get(key);
    if (known !== undefined) return known;
    const shared = values.map((value) => this.text(value));
    this.textLists.set(key, shared);
    return shared;
  }

  /** The one copy of a category equal to `category` (same label, unit and representations). */
  category(category: CatalogCategory): CatalogCategory {
    const key = JSON.stringify(category);
    const known = this.categories.get(key);
    if (known !== undefined) return known;
    const shared: CatalogCategory = {
      label: this.text(category.label),
      ...(category.unit !== undefined ? { unit: this.text(category.unit) } : {}),
      representations: category.representations.map((representation) => this.representation(representation)),
    };
    this.categories.set(key, shared);
    this.categoryIds.set(shared, this.categoryIds.size);
    return shared;
  }

  /** The one copy of a list of categories equal to `categories`, each category shared too. */
  categoryList(categories: readonly CatalogCategory[]): readonly CatalogCategory[] {
    const shared = categories.map((category) => (this.categoryIds.has(category) ? category : this.category(category)));
    const key = shared.map((category) => this.categoryIds.get(category)).join(',');
    const known = this.categoryLists.get(key);
    if (known !== undefined) return known;
    this.categoryLists.set(key, shared);
    return shared;
  }

  /**
   * The one copy of the list `convert` makes of the wire categories `wire`: the same wire
   * list, or the same wire category in another list, is not converted or judged again.
   */
  categoryListFrom<W extends object>(wire: readonly W[], convert: (category: W) => CatalogCategory): readonly CatalogCategory[] {
    const known = this.fromWireLists.get(wire);
    if (known !== undefined) return known;
    const shared = this.categoryList(
      wire.map((category) => {
        let converted = this.fromWire.get(category);
        if (converted === undefined) {
          converted = this.category(convert(category));
          this.fromWire.set(category, converted);
        }
        return converted;
      }),
    );
    this.fromWireLists.set(wire, shared);
    return shared;
  }

  private representation(representation: CatalogRepresentation): CatalogRepresentation {
    return {
      ...representation,
      label: this.text(representation.label),
      ...(representation.dataType !== undefined ? { dataType: this.text(representation.dataType) } : {}),
      ...(representation.possibleValues !== undefined ? { possibleValues: this.textList(representation.possibleValues) } : {}),
    };
  }
}
