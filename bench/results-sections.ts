/** RESULTS.md as `## ` sections, so that a run of some benchmarks replaces only theirs. */

/** `results` with each of `fresh` in place of the section of the same `## ` heading, new ones added; sections in heading order. */
export function replaceSections(results: string, fresh: readonly string[]): string {
  const [head, ...old] = results.split(/^(?=## )/m);
  const byHeading = new Map(old.map((section) => [headingOf(section), section.trim()]));
  for (const section of fresh) byHeading.set(headingOf(section), section.trim());
  const ordered = [...byHeading.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, section]) => section);
  return `${head!.trimEnd()}\n\n${ordered.join('\n\n')}\n`;
}

function headingOf(section: string): string {
  const end = section.indexOf('\n');
  return (end < 0 ? section : section.slice(0, end)).trim();
}
