/**
 * A path segment of a virtual document's address made from service text (a profile, a dataset
 * name): no separators, query or fragment marks, or control characters, so the text can only
 * name the tab, never change where the address points.
 */
export function safePathSegment(text: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = text.replace(/[\u0000-\u001f\u007f/\\?#%:*|"<>]+/g, '_').trim();
  return cleaned === '' ? '_' : cleaned.slice(0, 120);
}
