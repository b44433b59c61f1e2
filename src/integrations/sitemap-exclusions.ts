/**
 * URLs that are rendered but must not be listed in the sitemap because their
 * canonical URL is elsewhere (Markdown `aliases`) or they ask not to be indexed
 * (`noindex: true`, and every portfolio project's concept demo). Read from the Markdown
 * so editors never have to touch the config; the content schema (src/content.config.ts)
 * validates the same fields.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `pagesDir` is src/content/pages; the portfolio collection beside it
 * (src/content/portfolio) adds /portfolio/{file}/demo for each project.
 */
export function markdownSitemapExclusions(
  pagesDir: string,
  portfolioDir = join(pagesDir, '..', 'portfolio'),
): string[] {
  const excluded: string[] = portfolioDemoPaths(portfolioDir);
  for (const file of readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.md')) continue;
    const slug = file.replace(/\.md$/, '').replaceAll('\\', '/');
    const front = readFileSync(join(pagesDir, file), 'utf8').match(/^---\r?\n([\s\S]*?)\r?\n---/)?.[1] ?? '';
    excluded.push(...listField(front, 'aliases').map((alias) => `/${alias}`));
    if (/^noindex:\s*true\s*$/m.test(front)) excluded.push(`/${slug}`);
  }
  return excluded;
}

/** A YAML list of plain strings, in flow (`[a, b]`) or block (`- a`) style. */
function listField(front: string, field: string): string[] {
  const flow = front.match(new RegExp(`^${field}:\\s*\\[(.*)\\]\\s*$`, 'm'));
  if (flow) return splitItems(flow[1] ?? '');
  const block = front.match(new RegExp(`^${field}:\\s*\\r?\\n((?:\\s+-\\s*.*\\r?\\n?)+)`, 'm'));
  if (!block) return [];
  return (block[1] ?? '')
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s+-\s*/, ''))
    .flatMap(splitItems);
}

const splitItems = (raw: string) =>
  raw
    .split(',')
    .map((s) => s.trim().replace(/^['"]|['"]$/g, ''))
    .filter(Boolean);

/** Each portfolio project's demo (src/pages/portfolio/[slug]/demo.astro): noindex pages. */
export function portfolioDemoPaths(portfolioDir: string): string[] {
  if (!existsSync(portfolioDir)) return [];
  return readdirSync(portfolioDir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => `/portfolio/${file.replace(/\.md$/, '')}/demo`);
}
