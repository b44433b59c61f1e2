/**
 * Rendered Markdown cut before each h2, so a page can place parts between its sections (a call
 * to action after the second, a quote after the first) without the copy knowing about them.
 * The first chunk is whatever comes before the first h2 (often empty).
 */
export function splitAtH2(html: string): string[] {
  const parts = html.split(/(?=<h2[\s>])/);
  // split() makes no empty first part when the text opens with an h2.
  return /^<h2[\s>]/.test(parts[0] ?? '') ? ['', ...parts] : parts;
}
