/**
 * Numbers of the results grid as the editor's locale writes them: counts grouped whole, other
 * measures (sums, averages) grouped with a precision a reader can take in. The exact value
 * stays in the view (the grid shows it on hover, the exports write it). Pure: the page and the
 * unit tests share it.
 */

/** Averages and sums of two digits or more keep this many decimals. */
const FRACTION_DIGITS = 2;
/** A measure below 1 keeps this many significant digits, so 0.000123 does not become 0. */
const SMALL_SIGNIFICANT_DIGITS = 3;

const formats = new Map<string, Intl.NumberFormat>();

function formatFor(locale: string, kind: 'whole' | 'fraction' | 'small'): Intl.NumberFormat {
  const key = `${locale}\u0000${kind}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.NumberFormatOptions =
      kind === 'whole' ? { maximumFractionDigits: 0 } : kind === 'fraction' ? { maximumFractionDigits: FRACTION_DIGITS } : { maximumSignificantDigits: SMALL_SIGNIFICANT_DIGITS };
    format = new Intl.NumberFormat(supportedLocale(locale), options);
    formats.set(key, format);
  }
  return format;
}

/** `locale` when Intl knows it, else `en` (a malformed tag makes Intl throw). */
export function supportedLocale(locale: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 ? locale : 'en';
  } catch {
    return 'en';
  }
}

/**
 * The text of a number cell: `count` as exact whole digits grouped (beyond 2^53 too), a measure
 * grouped with at most two decimals (three significant digits below 1). Text that is not a
 * number is returned as is.
 */
export function formatResultNumber(raw: string, kind: 'count' | 'measure', locale: string): string {
  const text = raw.trim();
  if (/^-?\d+$/.test(text)) return formatFor(locale, 'whole').format(BigInt(text));
  if (kind === 'count' || text === '') return raw;
  const value = Number(text);
  if (!Number.isFinite(value)) return raw;
  if (Number.isInteger(value)) return formatFor(locale, 'whole').format(value);
  return formatFor(locale, Math.abs(value) >= 1 ? 'fraction' : 'small').format(value);
}
