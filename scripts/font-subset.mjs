// @ts-check
/**
 * Builds the one web font the site loads: Bricolage Grotesque 700 (headings and the brand
 * wordmark), subset to the characters headings use, and prints the metric overrides of its
 * fallback face. The output is committed (public/fonts/), so a build never runs this.
 *
 *   node scripts/font-subset.mjs            write public/fonts/bricolage-grotesque-700-subset.woff2
 *   node scripts/font-subset.mjs dist/client  ... then check every h1-h3 of the built pages is covered
 *
 * Fallback metrics: the fallback face is Arial Bold (Liberation Sans Bold on Linux, metric-identical)
 * scaled so that, for the text our headings actually set, it takes the same width as the web font
 * (size-adjust), with the web font's vertical metrics divided by that scale (ascent/descent/line
 * gap overrides). Line boxes and line breaks then match, so the swap moves nothing (CLS 0).
 */
import { readFileSync, writeFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import subsetFont from 'subset-font';
import { create } from 'fontkitten';

const SOURCE = 'node_modules/@fontsource/bricolage-grotesque/files/bricolage-grotesque-latin-700-normal.woff2';
const OUTPUT = 'public/fonts/bricolage-grotesque-700-subset.woff2';
/** Arial Bold's metric twin, present on Debian (fonts-liberation); its advance widths equal Arial Bold's. */
const ARIAL_BOLD_TWIN = '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf';
const BUDGET_BYTES = 25 * 1024;

/** Printable ASCII plus the typographic punctuation our copy uses. */
const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
const PUNCTUATION = '\u2019\u2018\u201C\u201D\u2013\u2014\u2026\u00B7\u00A0\u2022';
const CHARACTERS = ASCII + PUNCTUATION;

/**
 * Sample for the width match: English heading copy, so the scale follows the letters headings
 * really use (lower case dominates, a few capitals and digits).
 */
const SAMPLE =
  'Websites that bring small businesses more customers. Frequently asked questions. How it works: ' +
  'Schedule a Call, Discuss Requirements, Website Delivery within 7-14 business days. Why choose us? ' +
  'Palmetto Web Studio, Orlando web design. Pricing, Portfolio, About, Contact. Meet the team.';

const subset = await subsetFont(readFileSync(SOURCE), CHARACTERS, {
  targetFormat: 'woff2',
  // Kerning and the standard ligatures/contextual forms are all headings need.
  keepFeatures: ['kern', 'liga', 'calt'],
  noHinting: true,
});
writeFileSync(OUTPUT, subset);
const kb = (subset.length / 1024).toFixed(1);
console.log(`${OUTPUT}: ${subset.length} bytes (${kb} KB, budget ${BUDGET_BYTES / 1024} KB)\n`);
if (subset.length > BUDGET_BYTES) {
  console.error('Over budget.');
  process.exitCode = 1;
}

/** A single font from a font file (our files hold one, never a collection). */
const single = (/** @type {Buffer} */ buffer) => /** @type {import('fontkitten').Font} */ (create(buffer));
const font = single(subset);
const missing = [...CHARACTERS].filter((ch) => !font.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0));
if (missing.length > 0) console.warn(`Not in the source font: ${missing.join(' ')}`);

/** The sample's advance width in em (no kerning: a close enough measure for a scale factor). */
/** @type {(f: import('fontkitten').Font, text: string) => number} */
const widthEm = (f, text) => f.glyphsForString(text).reduce((sum, glyph) => sum + glyph.advanceWidth, 0) / f.unitsPerEm;

if (existsSync(ARIAL_BOLD_TWIN)) {
  const fallback = single(readFileSync(ARIAL_BOLD_TWIN));
  const sizeAdjust = widthEm(font, SAMPLE) / widthEm(fallback, SAMPLE);
  const pct = (/** @type {number} */ value) => `${((value / font.unitsPerEm / sizeAdjust) * 100).toFixed(2)}%`;
  console.log(`\nFallback face for src/styles/global.css:
@font-face {
  font-family: 'Bricolage Grotesque Fallback';
  src: local('Arial Bold'), local('Arial-BoldMT'), local('Liberation Sans Bold'), local('LiberationSans-Bold');
  font-weight: 700;
  size-adjust: ${(sizeAdjust * 100).toFixed(2)}%;
  ascent-override: ${pct(font.ascent)};
  descent-override: ${pct(Math.abs(font.descent))};
  line-gap-override: ${pct(font.lineGap)};
}`);
} else {
  console.warn(`\n${ARIAL_BOLD_TWIN} not found: fallback metrics not computed.`);
}

// Optional: check the built pages' headings against the subset.
const builtDir = process.argv[2];
if (builtDir) {
  /** @type {Set<string>} */
  const used = new Set();
  /** @param {string} dir */
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.html')) {
        const html = readFileSync(path, 'utf8');
        for (const match of html.matchAll(/<h[1-3][^>]*>([\s\S]*?)<\/h[1-3]>/g)) {
          const text = (match[1] ?? '')
            .replace(/<[^>]+>/g, '')
            .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
            .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(Number.parseInt(n, 16)))
            .replace(
              /&(amp|lt|gt|quot|apos|nbsp);/g,
              (_, /** @type {'amp' | 'lt' | 'gt' | 'quot' | 'apos' | 'nbsp'} */ e) =>
                ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00A0' })[e],
            );
          for (const ch of text) if (ch.trim() !== '' || ch === '\u00A0') used.add(ch);
        }
      }
    }
  };
  walk(builtDir);
  const uncovered = [...used].filter((ch) => !font.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0));
  console.log(
    `\nHeadings in ${builtDir} use ${used.size} characters; not covered: ${uncovered.length ? uncovered.join(' ') : 'none'}`,
  );
  if (uncovered.length) process.exitCode = 1;
}
