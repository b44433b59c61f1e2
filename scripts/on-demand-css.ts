// After `astro build`: a pruned copy of the inline stylesheet for every page rendered on demand
// (/checkout, /account, /admin, ...), written to <outDir>/on-demand-css.json; the server
// (src/server/http/on-demand-html.ts) swaps it into each page it renders. Prerendered pages
// are pruned from their final markup (scripts/critical-css.ts); an on-demand page has no
// markup at build time, and its markup changes with its state (error messages, a signed-in
// customer, an empty list...), so it keeps every rule the route could ever need:
// - the words of everything the route can render: its page module in the server build and every
//   chunk that module imports (layouts, components, data, messages), split as scripts are split,
//   each taken as a possible class, id, tag and attribute name (no structural matching);
// - the words of the client scripts those modules name (hoisted and inlined scripts, islands
//   and what they import), as for prerendered pages;
// - the relaxations of scripts/critical-css.ts (state attributes, pseudo-classes and
//   pseudo-elements ignored; @font-face, @keyframes, :root rules kept).
// A class name can only reach the page if it is written in one of those modules (Tailwind's own
// rule for what it generates), so no state of the page loses a rule.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { renderCriticalCss } from 'beasties/runtime';
import { ON_DEMAND_CSS_FILE } from '#server/http/on-demand-html.ts';
import { sha256Source } from './build-hash.ts';
import { compileInlineSheet, pruneCustomProperties, ScriptWords, scriptWords } from './critical-css.ts';
import { progress } from './progress.ts';

/**
 * The shape of what is written, as src/server/http/on-demand-html.ts expects it (it ignores
 * other versions). A format version shared with the server, not a cache key.
 */
const ON_DEMAND_CSS_VERSION = 2;
/** Relative module specifiers in the server build (`from "./x.mjs"`, `import("../y.mjs")`). */
const RELATIVE_IMPORT = /["'`](\.{1,2}\/[^"'`\s]+\.m?js)["'`]/g;
const LICENSE_COMMENT = /^\s*(\/\*![\s\S]*?\*\/)/;
const CUSTOM_PROPERTY_USE = /var\(\s*(--[\w-]+)/g;
/** What separates words in a compiled template besides scripts' separators (`<li class=`). */
const MARKUP_SEPARATORS = /[<>=/{}()[\];,]+/;

/** What we read of the manifest Astro serializes into the server entry. */
interface BuildManifest {
  routes: {
    routeData: { route: string; pattern: string; type: string; component: string; prerender: boolean };
    styles?: { type: string; content: string }[];
  }[];
  entryModules?: Record<string, string>;
  inlinedScripts?: [string, string][];
}

/**
 * The object passed to `deserializeManifest(...)` in the server entry: routes (pattern, component,
 * inline styles), entryModules (script and island specifiers -> client files), inlinedScripts.
 */
export function readManifest(entrySource: string): BuildManifest {
  const marker = 'deserializeManifest({';
  const start = entrySource.indexOf(marker);
  if (start < 0) throw new Error('on-demand-css: no serialized manifest in the server entry');
  const open = start + marker.length - 1;
  let depth = 0;
  let inString = false;
  for (let i = open; i < entrySource.length; i++) {
    const c = entrySource[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth += 1;
    else if (c === '}' || c === ']') {
      depth -= 1;
      if (depth === 0) return JSON.parse(entrySource.slice(open, i + 1)) as BuildManifest;
    }
  }
  throw new Error('on-demand-css: unterminated manifest');
}

type ModuleCache = Map<string, Promise<{ source: string; imports: string[] } | null>>;

/** Every word a route's page module (an absolute path) and the chunks it imports contain (server build). */
async function moduleGraph(file: string, cache: ModuleCache): Promise<string[]> {
  const sources: string[] = [];
  const seen = new Set<string>();
  const queue = [file];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    let read = cache.get(next);
    if (!read) {
      const from = dirname(next);
      read = readFile(next, 'utf8').then(
        (source) => ({
          source,
          imports: [...source.matchAll(RELATIVE_IMPORT)].map(([, ref = '']) => resolve(from, ref)),
        }),
        () => null,
      );
      cache.set(next, read);
    }
    const module = await read;
    if (!module) continue;
    sources.push(module.source);
    queue.push(...module.imports.filter((f) => existsSync(f)));
  }
  return sources;
}

/** Words of compiled templates and scripts: class names, ids, tag and attribute names, --properties. */
export function templateWords(source: string): Set<string> {
  const words = new Set<string>();
  for (const word of scriptWords(source)) {
    words.add(word);
    for (const part of word.split(MARKUP_SEPARATORS)) if (part) words.add(part);
  }
  return words;
}

/** The stylesheet reduced to the rules that `words` can use. */
export function pruneForWords(css: string, words: Set<string>): string {
  const { sheet } = compileInlineSheet(css);
  const tags = new Set([...words].map((w) => w.toLowerCase()));
  // Flat matching only (no structural programs): a rule stays when every class, id, tag and
  // attribute name it needs appears somewhere, whatever the nesting.
  const tokens = { tags, classes: words, ids: words, attrs: tags };
  const critical = renderCriticalCss(sheet, tokens, { keyframes: 'all' }).css;
  const outside = new Set<string>();
  for (const word of words) if (word.includes('--')) for (const [name] of word.matchAll(/--[\w-]+/g)) outside.add(name);
  for (const [, name = ''] of critical.matchAll(CUSTOM_PROPERTY_USE)) outside.add(name);
  const license = LICENSE_COMMENT.exec(css)?.[1] ?? '';
  return `${license}${pruneCustomProperties(critical, outside)}`;
}

/**
 * Write <outDir>/on-demand-css.json: the inline stylesheets (hash -> text) and, for each route of
 * the build in the server's matching order, its pattern and, for pages rendered on demand,
 * original stylesheet hash -> pruned stylesheet.
 */
export async function pruneOnDemand({ outDir }: { outDir: string }) {
  const started = Date.now();
  const serverDir = resolve(outDir, 'server');
  const clientDir = resolve(outDir, 'client');
  const entry = join(serverDir, 'entry.mjs');
  if (!existsSync(entry)) return null;
  const entrySource = await readFile(entry, 'utf8');
  const manifest = readManifest(entrySource);
  const entryModules = Object.entries(manifest.entryModules ?? {});
  const inlinedScripts = manifest.inlinedScripts ?? [];
  const clientWords = new ScriptWords(clientDir);
  const cache: ModuleCache = new Map();
  type Route = { route: string; pattern: string; styles: Record<string, string> | null };
  const routes: Route[] = [];
  /** The stylesheets Astro inlines, by hash: the server recognises them by their text. */
  const sheets: Record<string, string> = {};
  let before = 0;
  let after = 0;
  const tick = progress('on-demand-css: routes', manifest.routes.length);
  for (const { routeData, styles: routeStyles } of manifest.routes) {
    tick();
    const route: Route = { route: routeData.route, pattern: routeData.pattern, styles: null };
    routes.push(route);
    const inline = (routeStyles ?? []).filter((s) => s.type === 'inline');
    if (routeData.type !== 'page' || routeData.prerender || inline.length === 0) continue;
    const key = `\u0000virtual:astro:page:${routeData.component.replace(/\.(\w+)$/, '@_@$1')}`;
    const pageModule = entryModules.find(([specifier]) => specifier === key)?.[1];
    if (!pageModule) continue;
    const sources = await moduleGraph(join(serverDir, pageModule), cache);
    const words = new Set<string>();
    for (const source of sources) for (const word of templateWords(source)) words.add(word);
    // Client scripts and islands the route's modules name, and the scripts Astro inlines.
    const named = (specifier: string) => sources.some((source) => source.includes(specifier));
    const scriptTags = entryModules
      .filter(([specifier, file]) => /\.m?js$/.test(file) && !specifier.startsWith('\u0000') && named(specifier))
      .map(([, file]) => `<script src="/${file.replace(/^\/+/, '')}"></script>`)
      .join('');
    for (const word of await clientWords.forPage(scriptTags)) words.add(word);
    for (const [specifier, code] of inlinedScripts) {
      if (named(specifier)) for (const word of templateWords(code)) words.add(word);
    }
    const styles: Record<string, string> = {};
    route.styles = styles;
    for (const { content } of inline) {
      const pruned = pruneForWords(content, words);
      styles[sha256Source(content)] = pruned;
      sheets[sha256Source(content)] = content;
      before += content.length;
      after += pruned.length;
    }
  }
  const file = join(outDir, ON_DEMAND_CSS_FILE);
  await writeFile(file, JSON.stringify({ version: ON_DEMAND_CSS_VERSION, sheets, routes }));
  const pruned = routes.filter((r) => r.styles).length;
  console.log(
    `on-demand-css: ${pruned} on-demand pages, ${before} -> ${after} bytes of inline CSS, ${Date.now() - started} ms`,
  );
  return { pages: pruned, before, after };
}
