/**
 * Strips the quotes of a `"quoted name"` or a `'string'` and undoes the doubled-quote escape
 * (`'it''s'` is `it's`). An unterminated image (see tokens.ts) has only its opening quote.
 */
export function unquote(image: string, quote: '"' | "'", isUnterminated: boolean): string {
  const inner = image.slice(1, isUnterminated ? image.length : image.length - 1);
  const doubled = quote + quote;
  return inner.includes(doubled) ? inner.split(doubled).join(quote) : inner;
}
