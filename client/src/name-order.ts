/**
 * The order of the names the views list (collaborations, destinations, automations, data
 * supply objects): case-insensitive, numbers by value ("dataset 2" before "dataset 10").
 * The collator is made on the first comparison, not at activation: the first Intl.Collator of
 * a process loads its locale data, which costs milliseconds that activation need not pay.
 */
let collator: Intl.Collator | undefined;

export function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return collator.compare(a, b);
}
