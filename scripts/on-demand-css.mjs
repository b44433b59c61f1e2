// After `astro build`: a pruned copy of the inline stylesheet for every page rendered on demand
// (/checkout, /account, /admin, ...), written to <outDir>/on-demand-css.json; the server
// (src/server/http/on-demand-html.ts) swaps it into each page it renders. Prerendered pages
// are pruned from their final markup (scripts/critical-css.mjs); an on-demand page has no
// markup at build time, and its markup changes with its state (error messages, a signed-in
// customer, an empty list...), so it keeps every rule the route could ever need:
// - the words of everything the route can render: its page module in the server build and every
//   chunk that module imports (layouts, components, data, messages), split as scripts are split,
//   each taken as a possible class, id, tag and attribute name (no structural matching);
// - the words of the client scripts those modules name (hoisted and inlined scripts, islands
//   and what they import), as for prerendered pages;
// - the relaxations of scripts/critical-css.mjs (state attributes, pseudo-classes and
//   pseudo-elements ignored; @font-face, @keyframes, :root rules kept).
// A class name can only reach the page if it is written in one of those modules (Tailwind's own
// rule for what it generates), so no state of the page loses a rule.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderCriticalCss } from 'beasties/runtime';
import { compileInlineSheet, pruneCustomProperties, ScriptWords, scriptWords } from './critical-css.mjs';

/** Bump when what is written changes shape (the server ignores other versions). */
export const ON_DEMAND_CSS_VERSION = 2;
export const ON_DEMAND_CSS_FILE = 'on-demand-css.json';
/** Relative module specifiers in the server build (`from "./x.mjs"`, `import("../y.mjs")`). */
const RELATIVE_IMPORT = /["'`](\.{1,2}\/[^"'`\s]+\.m?js)["'`]/g;
const LICENSE_COMMENT = /^\s*(\/\*![\s\S]*?\*\/)/;
const CUSTOM_PROPERTY_USE = /var\(\s*(--[\w-]+)/g;
/** What separates words in a compiled template besides scripts' separators (`<li class=`). */
const MARKUP_SEPARATORS = /[<>=/{}()[\];,]+/;

/** sha256-<base64> of an inline element's text, as CSP spells it (without quotes). */
export const sha256 = (text) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/**
 * The object passed to `deserializeManifest(...)` in the server entry: routes (pattern, component,
 * inline styles), entryModules (script and island specifiers -> client files), inlinedScripts.
 * @param {string} entrySource
 */
export function readManifest(entrySource) {
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
      if (depth === 0) return JSON.parse(entrySource.slice(open, i + 1));
    }
  }
  throw new Error('on-demand-css: unterminated manifest');
}

/**
 * Every word a route's page module and the chunks it imports contain (server build).
 * @param {string} file absolute path of the page module
 * @param {Map<string, Promise<{ source: string, imports: string[] } | null>>} cache
 */
async function moduleGraph(file, cache) {
  const sources = [];
  const seen = new Set();
  const queue = [file];
  while (queue.length) {
    const next = queue.pop();
    if (seen.has(next)) continue;
    seen.add(next);
    if (!cache.has(next)) {
      cache.set(
        next,
        readFile(next, 'utf8').then(
          (source) => ({
            source,
            imports: [...source.matchAll(RELATIVE_IMPORT)].map(([, ref]) => resolve(dirname(next), ref)),
          }),
          () => null,
        ),
      );
    }
    const module = await cache.get(next);
    if (!module) continue;
    sources.push(module.source);
    queue.push(...module.imports.filter((f) => existsSync(f)));
  }
  return sources;
}

/** Words of compiled templates and scripts: class names, ids, tag and attribute names, --properties. */
export function templateWords(source) {
  const words = new Set();
  for (const word of scriptWords(source)) {
    words.add(word);
    for (const part of word.split(MARKUP_SEPARATORS)) if (part) words.add(part);
  }
  return words;
}

/**
 * The stylesheet reduced to the rules that `words` can use.
 * @param {string} css
 * @param {Set<string>} words
 */
export function pruneForWords(css, words) {
  const { sheet } = compileInlineSheet(css);
  const tags = new Set([...words].map((w) => w.toLowerCase()));
  // Flat matching only (no structural programs): a rule stays when every class, id, tag and
  // attribute name it needs appears somewhere, whatever the nesting.
  const tokens = { tags, classes: words, ids: words, attrs: tags };
  const critical = renderCriticalCss(sheet, tokens, { keyframes: 'all' }).css;
  const outside = new Set();
  for (const word of words) if (word.includes('--')) for (const [name] of word.matchAll(/--[\w-]+/g)) outside.add(name);
  for (const [, name] of critical.matchAll(CUSTOM_PROPERTY_USE)) outside.add(name);
  const license = LICENSE_COMMENT.exec(css)?.[1] ?? '';
  return `${license}${pruneCustomProperties(critical, outside)}`;
}

/**
 * Write <outDir>/on-demand-css.json: the inline stylesheets (hash -> text) and, for each route of
 * the build in the server's matching order, its pattern and, for pages rendered on demand,
 * original stylesheet hash -> pruned stylesheet.
 * @param {{ outDir: string }} options
 */
export async function pruneOnDemand({ outDir }) {
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
  const cache = new Map();
  const routes = [];
  /** The stylesheets Astro inlines, by hash: the server recognises them by their text. */
  const sheets = {};
  let before = 0;
  let after = 0;
  for (const { routeData, styles } of manifest.routes) {
    const route = { route: routeData.route, pattern: routeData.pattern, styles: null };
    routes.push(route);
    const inline = (styles ?? []).filter((s) => s.type === 'inline');
    if (routeData.type !== 'page' || routeData.prerender || inline.length === 0) continue;
    const key = `\u0000virtual:astro:page:${routeData.component.replace(/\.(\w+)$/, '@_@$1')}`;
    const pageModule = entryModules.find(([specifier]) => specifier === key)?.[1];
    if (!pageModule) continue;
    const sources = await moduleGraph(join(serverDir, pageModule), cache);
    const words = new Set();
    for (const source of sources) for (const word of templateWords(source)) words.add(word);
    // Client scripts and islands the route's modules name, and the scripts Astro inlines.
    const named = (specifier) => sources.some((source) => source.includes(specifier));
    const scriptTags = entryModules
      .filter(([specifier, file]) => /\.m?js$/.test(file) && !specifier.startsWith('\u0000') && named(specifier))
      .map(([, file]) => `<script src="/${file.replace(/^\/+/, '')}"></script>`)
      .join('');
    for (const word of await clientWords.forPage(scriptTags)) words.add(word);
    for (const [specifier, code] of inlinedScripts) {
      if (named(specifier)) for (const word of templateWords(code)) words.add(word);
    }
    route.styles = {};
    for (const { content } of inline) {
      const pruned = pruneForWords(content, words);
      route.styles[sha256(content)] = pruned;
      sheets[sha256(content)] = content;
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await pruneOnDemand({ outDir: process.env.OUT_DIR ?? 'dist' });
}
