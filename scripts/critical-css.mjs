// After `astro build` (run by scripts/precompress.mjs, before it compresses): every prerendered
// page keeps only the inline CSS rules it can use. Astro inlines the whole stylesheet into every
// page (astro.config.ts, `inlineStylesheets: 'always'`); pruned, a page's HTML and CSS fit the
// first round trip. Its utility classes then get short names (scripts/class-names.mjs). Each route's CSP in _headers.json then lists only the hashes of the inline
// scripts and styles its page has (pageCsp).
//
// Matching is beasties' compiled-sheet engine (compile the stylesheet once, scan each page once),
// made generous where a static scan cannot see the page a visitor will interact with:
// - state is ignored: pseudo-classes (:hover, :focus-visible, :open, ...) and pseudo-elements are
//   stripped by beasties, and we also ignore attributes that change while the page is used
//   ([open], [hidden], [disabled], [checked], [aria-*], [data-*]);
// - selectors that start with a pseudo (::backdrop, ::placeholder, :where(.space-y-4>...)) are
//   always kept, as are @font-face, @keyframes, @property, @layer and :root/html/body rules;
// - markup that scripts may add later counts as present: every word in the strings of the
//   page's inline scripts, island components and the chunks they import is taken as a possible
//   class, id and tag (a menu's open state), except a script inside <template data-own-styles>:
//   what it adds styles itself (the Toaster sets style properties), so its words would only keep
//   rules nothing uses (React's own words kept dozens on the home page).
// Results are cached by content hash (node_modules/.cache/critical-css), so a rebuild only
// re-prunes pages that changed.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileSheet } from 'beasties/compiler';
import { collectPrograms, renderCriticalCss, scanHtml } from 'beasties/runtime';
import { shortenClassNames } from './class-names.mjs';
import { pageCsp as narrowCsp } from '#server/http/on-demand-html.ts';

// beasties' own CSS parser (a dependency of beasties, resolved from it, not from us).
const postcss = createRequire(import.meta.resolve('beasties'))('postcss');

/** Bump when the pruning rules change, so cached pages are pruned again. */
const VERSION = '9';
const STYLE_TAG = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi;
const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** A template whose script styles what it adds by itself (ToasterLoader.astro): not read for words. */
const OWN_STYLES_TEMPLATE = /<template\b[^>]*\sdata-own-styles\b[^>]*>[\s\S]*?<\/template>/gi;
/** Attributes that scripts and the browser set and clear while the page is in use. */
const STATE_ATTRIBUTE = /^(?:open|hidden|disabled|checked|selected|inert|aria-.*|data-(?!astro-).*)$/;
/** Selectors that begin with a pseudo (nothing for a static scan to match): always kept. */
const PSEUDO_FIRST = /^:/;
/** beasties' own pattern for the pseudos it strips (beasties/dist/compiler.mjs, 0.5.4). */
const BEASTIES_PSEUDO = /(?<!\\)::?[a-z-]+(?:\(.+\))?/gi;
const PSEUDO_NAME = /^::?[a-z-]+/i;
/** Words in scripts that can be class names: split strings on what a class name cannot hold. */
const SCRIPT_WORD_SEPARATORS = /[\s"'`]+/;
/** String literals in a script naming another script (static and dynamic imports, preload maps). */
const SCRIPT_REFERENCE = /["'`]([^"'`\s]+\.m?js)["'`]/g;
const LICENSE_COMMENT = /^\s*(\/\*![\s\S]*?\*\/)/;
/** A class in a selector (escaped characters included), outside any :not(...). */
const SELECTOR_CLASS = /\.((?:\\.|[\w-])+)/g;
const NOT_ARGUMENT = /:not\((?:[^()]|\([^()]*\))*\)/g;
/** Pseudo-elements and states only <input> has (Tailwind's preflight styles them). */
const INPUT_PSEUDO =
  /^::?(?:file-selector-button|-webkit-(?:search|date|datetime|calendar|inner-spin|outer-spin)|-moz-ui-invalid)/;
const CUSTOM_PROPERTY_USE = /var\(\s*(--[\w-]+)/g;
/** Preflight's rules for the parts of one kind of <input>, and the types that have those parts. */
const INPUT_PART_TYPES = [
  [
    /^::-webkit-(?:date-and-time-value|datetime-edit|calendar-picker-indicator)/,
    ['date', 'time', 'datetime-local', 'month', 'week'],
  ],
  [/^::file-selector-button/, ['file']],
  [/^::-webkit-search-/, ['search']],
  [/^::-webkit-(?:inner|outer)-spin-button/, ['number']],
];
const INPUT_TYPE = /<input\b[^>]*\stype=["']?([\w-]+)/gi;

/** sha256-<base64> of a <style> element's text, as CSP spells it. */
export const cspHash = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The stylesheet compiled for matching, with the relaxations above applied to its conditions.
 * @param {string} css
 */
export function compileInlineSheet(css) {
  const sheet = compileSheet(css, { allowRules: [PSEUDO_FIRST] });
  for (const rule of sheet.rules) {
    if (rule.fontFace) {
      // beasties inlines a face only when a kept rule names its family literally; ours are named
      // through custom properties (font-family: var(--font-display)), so keep every face: an
      // unused face costs a few bytes and is never downloaded.
      delete rule.fontFace;
      rule.always = true;
    }
    // beasties ends a block at-rule kept whole (@property --x{...}) with ';': at the top level
    // of a stylesheet that stray ';' would swallow the next rule into an invalid selector.
    if (rule.always && rule.css?.endsWith('};')) rule.css = rule.css.slice(0, -1);
    if (rule.selectors && rule.match) {
      rule.match = rule.match.map((condition, i) => balancedCondition(rule.selectors[i]) ?? condition);
    }
    if (rule.match) rule.match = rule.match.map(relaxCondition);
    if (rule.selectors && rule.match) {
      rule.match = rule.match.map((condition, i) => pseudoFirstCondition(rule.selectors[i]) ?? condition);
    }
  }
  return { sheet, programs: collectPrograms([sheet]) };
}

/**
 * beasties strips pseudos with `::?[a-z-]+(\(.+\))?`, whose greedy `.+` runs from the first
 * functional pseudo to the last ')' of the selector: `.nav-states:has(.nav-panel:hover)>
 * .nav-state:not(:hover)>.nav-panel` became `.nav-states>.nav-panel`, matched nothing, and the
 * rule was dropped from every page. For such a selector, the condition of the selector stripped
 * with balanced parentheses; undefined when beasties' stripping was right.
 */
function balancedCondition(selector) {
  const stripped = stripPseudos(selector);
  if (selector.replace(BEASTIES_PSEUDO, '') === stripped) return undefined;
  return compileSheet(`${stripped}{x:y}`).rules[0]?.match?.[0] ?? true;
}

/** The selector without its pseudo-classes and pseudo-elements, each with its whole argument. */
function stripPseudos(selector) {
  let out = '';
  let i = 0;
  while (i < selector.length) {
    if (selector[i] === '\\') {
      out += selector.slice(i, i + 2);
      i += 2;
      continue;
    }
    const pseudo = selector[i] === ':' ? PSEUDO_NAME.exec(selector.slice(i)) : null;
    if (!pseudo) {
      out += selector[i++];
      continue;
    }
    i += pseudo[0].length;
    if (selector[i] !== '(') continue;
    let depth = 0;
    do {
      if (selector[i] === '\\') i++;
      else if (selector[i] === '(') depth++;
      else if (selector[i] === ')') depth--;
      i++;
    } while (depth > 0 && i < selector.length);
  }
  return out;
}

/**
 * What a selector that starts with a pseudo needs (beasties would match nothing in it): the
 * classes of `:where(.space-y-4>:not(:last-child))`, an <input> for `::-webkit-datetime-edit`.
 * Undefined for any other selector.
 */
function pseudoFirstCondition(selector) {
  if (!PSEUDO_FIRST.test(selector)) return undefined;
  if (INPUT_PSEUDO.test(selector)) return { tags: ['input'] };
  const classes = [...selector.replace(NOT_ARGUMENT, '').matchAll(SELECTOR_CLASS)].map(([, c]) =>
    c.replace(/\\(.)/g, '$1'),
  );
  return classes.length ? { classes } : true;
}

/** A selector's condition without the attributes that only appear once the visitor acts. */
function relaxCondition(condition) {
  if (condition === true) return true;
  const relaxed = { ...condition };
  if (relaxed.attrs) {
    relaxed.attrs = relaxed.attrs.filter((name) => !STATE_ATTRIBUTE.test(name));
    if (relaxed.attrs.length === 0) delete relaxed.attrs;
  }
  if (relaxed.program) {
    const compounds = relaxed.program.compounds.map((compound) => {
      if (!compound.attrs) return compound;
      const { attrs, ...rest } = compound;
      const kept = attrs.filter((attr) => !STATE_ATTRIBUTE.test(attr.name));
      return kept.length ? { ...rest, attrs: kept } : rest;
    });
    relaxed.program = { ...relaxed.program, compounds };
  }
  const empty = !relaxed.classes && !relaxed.ids && !relaxed.tags && !relaxed.attrs;
  const structural = relaxed.program?.compounds.some((c) => c.tag || c.classes || c.ids || c.attrs);
  return empty && !structural ? true : relaxed;
}

/** Every word in a script's source that could name a class, id or tag. */
export function scriptWords(source) {
  return new Set(source.split(SCRIPT_WORD_SEPARATORS).filter(Boolean));
}

/**
 * Words of the scripts a page runs or may load: inline scripts (not JSON-LD), <script src>,
 * island components and renderers, and every chunk those import, read from clientDir.
 */
export class ScriptWords {
  #clientDir;
  #files = new Map();
  constructor(clientDir) {
    this.#clientDir = clientDir;
  }

  /** @param {string} html */
  async forPage(html) {
    const words = new Set();
    const entries = [];
    for (const [, attrs, body] of html.replace(OWN_STYLES_TEMPLATE, '').matchAll(SCRIPT_TAG)) {
      if (/type\s*=\s*["']?application\/(?:ld\+)?json/i.test(attrs)) continue;
      const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1];
      if (src) entries.push(this.#resolve(src, '/'));
      for (const word of scriptWords(body)) words.add(word);
      for (const [, ref] of body.matchAll(SCRIPT_REFERENCE)) entries.push(this.#resolve(ref, '/'));
    }
    for (const [, url] of html.matchAll(/\b(?:component|renderer)-url\s*=\s*["']([^"']+)["']/gi)) {
      entries.push(this.#resolve(url, '/'));
    }
    const seen = new Set();
    const queue = entries.filter(Boolean);
    while (queue.length) {
      const file = queue.pop();
      if (seen.has(file)) continue;
      seen.add(file);
      const script = await this.#read(file);
      if (!script) continue;
      for (const word of script.words) words.add(word);
      queue.push(...script.imports);
    }
    return words;
  }

  /** A script URL or import specifier as a file under clientDir, or null when it is not one. */
  #resolve(ref, fromUrl) {
    const url = new URL(ref, new URL(fromUrl, 'http://build.invalid/'));
    if (url.origin !== 'http://build.invalid') return null;
    const file = resolve(this.#clientDir, `.${decodeURIComponent(url.pathname)}`);
    return file.startsWith(this.#clientDir + sep) ? file : null;
  }

  async #read(file) {
    if (!this.#files.has(file)) {
      this.#files.set(
        file,
        readFile(file, 'utf8').then(
          (source) => {
            const url = `/${relative(this.#clientDir, file).split(sep).join('/')}`;
            const imports = [...source.matchAll(SCRIPT_REFERENCE)]
              .flatMap(([, ref]) => [this.#resolve(ref, url), this.#resolve(ref, '/')])
              .filter((f) => f && existsSync(f));
            return { words: scriptWords(source), imports };
          },
          () => null,
        ),
      );
    }
    return this.#files.get(file);
  }
}

/**
 * The page with each inline <style> reduced to the rules its markup and scripts can use, and
 * the CSP hashes that changed (old -> new; new is null when a style element was removed).
 * @param {string} html
 * @param {{ scriptWords?: Set<string>, compile?: (css: string) => ReturnType<typeof compileInlineSheet> }} [options]
 */
export function pruneHtml(html, { scriptWords: words = new Set(), compile = compileInlineSheet } = {}) {
  const styles = [...html.matchAll(STYLE_TAG)];
  if (styles.length === 0) return { html, hashes: new Map() };
  const hashes = new Map();
  const compiled = styles.map(([, , css]) => compile(css));
  const programs = compiled.flatMap((c) => c.programs);
  // The scan must not see the stylesheets themselves (nor match inside them).
  const markup = html.replace(STYLE_TAG, '$1$3');
  const tokens = scanHtml(markup, programs, { chars: false });
  addScriptWords(tokens, words);
  const inputTypes = new Set([...markup.matchAll(INPUT_TYPE)].map(([, type]) => type.toLowerCase()));
  for (const word of words) inputTypes.add(word);
  // Custom properties read outside the stylesheet: style attributes, scripts.
  const outside = new Set([...markup.matchAll(CUSTOM_PROPERTY_USE)].map(([, name]) => name));
  for (const word of words) if (word.includes('--')) for (const [name] of word.matchAll(/--[\w-]+/g)) outside.add(name);
  const criticals = compiled.map(({ sheet }) => renderCriticalCss(sheet, tokens, { keyframes: 'all' }).css);
  // A property may be declared in one <style> and read in another (a theme, then its rules); what
  // a stylesheet reads of its own declarations is pruneCustomProperties' business (an unused
  // declaration reading another must not keep that one).
  const readBy = criticals.map((css) => new Set([...css.matchAll(CUSTOM_PROPERTY_USE)].map(([, name]) => name)));
  const readElsewhere = (i) => new Set([...outside, ...readBy.filter((_, j) => j !== i).flatMap((set) => [...set])]);
  let out = '';
  let last = 0;
  styles.forEach((match, i) => {
    const [whole, open, css, close] = match;
    const license = LICENSE_COMMENT.exec(css)?.[1] ?? '';
    const critical = pruneCustomProperties(pruneInputParts(criticals[i] ?? '', inputTypes), readElsewhere(i));
    const pruned = critical ? `${license}${critical}` : '';
    out += html.slice(last, match.index);
    if (pruned) out += `${open}${pruned}${close}`;
    last = match.index + whole.length;
    if (pruned !== css) hashes.set(cspHash(css), pruned ? cspHash(pruned) : null);
  });
  out += html.slice(last);
  return { html: out, hashes };
}

/**
 * The CSS without preflight's rules for date, file, search and number inputs when the page has
 * none of that type (a text field keeps every rule an <input> may use otherwise): a contact form
 * does not need the date picker's eleven rules. A type named by a script counts as present.
 * @param {string} css
 * @param {Set<string>} inputTypes
 */
export function pruneInputParts(css, inputTypes) {
  if (!css.includes('::')) return css;
  const unused = (selector) =>
    INPUT_PART_TYPES.some(([part, types]) => part.test(selector) && !types.some((type) => inputTypes.has(type)));
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.selectors.every(unused)) rule.remove();
  });
  return root.toString();
}

/**
 * The CSS without custom property declarations nothing reads (no var() in the kept CSS, the
 * markup or the scripts), and without @property registrations for them: Tailwind declares its
 * whole theme and every --tw-* default on :root for every page.
 * @param {string} css
 * @param {Set<string>} [readElsewhere]
 */
export function pruneCustomProperties(css, readElsewhere = new Set()) {
  if (!css.includes('--')) return css;
  const root = postcss.parse(css);
  for (let removed = 1; removed > 0;) {
    const used = new Set(readElsewhere);
    root.walkDecls((decl) => {
      for (const [, name] of decl.value.matchAll(CUSTOM_PROPERTY_USE)) used.add(name);
    });
    root.walkAtRules((atRule) => {
      for (const [, name] of atRule.params.matchAll(CUSTOM_PROPERTY_USE)) used.add(name);
    });
    removed = 0;
    root.walkDecls(/^--/, (decl) => {
      if (!used.has(decl.prop)) {
        decl.remove();
        removed += 1;
      }
    });
    root.walkAtRules('property', (atRule) => {
      if (!used.has(atRule.params.trim())) atRule.remove();
    });
  }
  // Rules and blocks left empty go too (an @layer statement has no block and stays).
  for (let emptied = 1; emptied > 0;) {
    emptied = 0;
    root.walk((node) => {
      if ((node.type === 'rule' || node.type === 'atrule') && node.nodes && node.nodes.length === 0) {
        node.remove();
        emptied += 1;
      }
    });
  }
  return root.toString();
}

/**
 * Count what scripts may add as present: each word as a class, id and tag, and every structural
 * selector whose classes all exist once those words are counted.
 */
function addScriptWords(tokens, words) {
  if (words.size === 0) return;
  const added = new Set();
  for (const word of words) {
    if (!tokens.classes.has(word)) added.add(word);
    tokens.classes.add(word);
    tokens.ids.add(word);
    tokens.tags.add(word.toLowerCase());
  }
  for (const [program, matched] of tokens.matchedPrograms ?? []) {
    if (matched) continue;
    const classes = program.compounds.flatMap((c) => c.classes ?? []);
    if (classes.some((c) => added.has(c)) && classes.every((c) => tokens.classes.has(c))) {
      tokens.matchedPrograms.set(program, true);
    }
  }
}

/** Elements whose text keeps its whitespace (and the code in which it may matter). */
const RAW_TEXT = /(<(pre|textarea|script|style)\b[\s\S]*?<\/\2>)/gi;

/**
 * The page with each run of whitespace outside <pre>, <textarea>, <script> and <style> made one
 * space, as the browser renders it anyway (no prerendered page sets `white-space: pre`).
 * @param {string} html
 */
export function collapseWhitespace(html) {
  return html
    .split(RAW_TEXT)
    .map((part, i) => (i % 3 === 1 ? part : i % 3 === 2 ? '' : part.replace(/\s+/g, ' ')))
    .join('');
}

/**
 * A page's CSP with script-src and style-src listing only the page's own inline hashes. Astro's
 * policy lists every hash the whole site uses (about 1.2 KB of header on every response, a
 * twelfth of the first round trip); other sources ('self', hosts) are kept as they are. Never
 * wider than Astro's: the same narrowing the server applies to on-demand pages
 * (src/server/http/on-demand-html.ts), where a style is also allowed as the pruned, shortened
 * copy of one Astro allowed (`lineage`: original hash -> the hash of the copy that replaced it).
 * @param {string} csp
 * @param {string} html
 * @param {Map<string, string | null>} [lineage]
 */
export function pageCsp(csp, html, lineage = new Map()) {
  const allowed = new Set(csp.split(/[\s;]+/));
  const styles = [...lineage].flatMap(([before, after]) => (after && allowed.has(before) ? [after] : []));
  return narrowCsp(csp, html, { styles });
}

/**
 * Which style replaced which: each original <style>'s hash -> the hash of the copy the page ends
 * with (null when pruning removed it). Pruning may drop a style; shortening and collapsing
 * change styles in place, one for one.
 * @param {string} original
 * @param {{ html: string, hashes: Map<string, string | null> }} stage pruneHtml's result
 * @param {string} final
 */
export function styleLineage(original, stage, final) {
  const hashesOf = (html) => [...html.matchAll(STYLE_TAG)].map(([, , css]) => cspHash(css));
  const staged = hashesOf(stage.html);
  const finished = hashesOf(final);
  const toFinal = new Map(staged.map((hash, i) => [hash, finished[i] ?? null]));
  return new Map(
    hashesOf(original).map((hash) => {
      const pruned = stage.hashes.has(hash) ? stage.hashes.get(hash) : hash;
      return [hash, pruned ? (toFinal.get(pruned) ?? null) : null];
    }),
  );
}

/** '/' for index.html, '/about' for about/index.html, '/404' for 404.html (as html-pages.ts). */
function routeFor(file) {
  const path = file.split(sep).join('/');
  if (path === 'index.html') return '/';
  if (path.endsWith('/index.html')) return `/${path.slice(0, -'/index.html'.length)}`;
  return `/${path.slice(0, -'.html'.length)}`;
}

/**
 * Prune every prerendered page of a build (`<outDir>/client/**.html`) in place and update the
 * per-route CSP in `<outDir>/_headers.json`.
 * @param {{ outDir: string, cacheDir?: string }} options
 */
export async function pruneBuild({ outDir, cacheDir = resolve('node_modules', '.cache', 'critical-css') }) {
  const started = Date.now();
  const clientDir = resolve(outDir, 'client');
  const headersFile = resolve(outDir, '_headers.json');
  await mkdir(cacheDir, { recursive: true });
  const files = (await readdir(clientDir, { recursive: true })).filter((f) => f.endsWith('.html'));
  const words = new ScriptWords(clientDir);
  const sheets = new Map();
  const compile = (css) => {
    const key = createHash('sha256').update(css).digest('hex');
    if (!sheets.has(key)) sheets.set(key, compileInlineSheet(css));
    return sheets.get(key);
  };
  const htmlByRoute = new Map();
  let before = 0;
  let after = 0;
  let reused = 0;
  for (const file of files) {
    const path = join(clientDir, file);
    const html = await readFile(path, 'utf8');
    // The pruned page depends on the page and on the scripts it names (content-hashed URLs).
    const key = join(cacheDir, `${createHash('sha256').update(`${VERSION}\0${html}`).digest('hex')}.json`);
    let result = await readFile(key, 'utf8').then(
      (json) => {
        const cached = JSON.parse(json);
        return { html: cached.html, hashes: new Map(cached.hashes) };
      },
      () => null,
    );
    if (result) reused += 1;
    else {
      const scriptWords = await words.forPage(html);
      const stage = pruneHtml(html, { scriptWords, compile });
      const final = collapseWhitespace(shortenClassNames(stage.html, { keep: scriptWords }));
      result = { html: final, hashes: styleLineage(html, stage, final) };
      await writeFile(key, JSON.stringify({ html: result.html, hashes: [...result.hashes] }));
    }
    const { html: pruned, hashes: lineage } = result;
    before += html.length;
    after += pruned.length;
    if (pruned !== html) await writeFile(path, pruned);
    htmlByRoute.set(routeFor(file), { html: pruned, lineage });
  }
  if (existsSync(headersFile)) {
    const routes = JSON.parse(await readFile(headersFile, 'utf8'));
    for (const route of routes) {
      const page = htmlByRoute.get(route.pathname);
      if (page === undefined) continue;
      for (const header of route.headers) {
        if (header.key.toLowerCase() === 'content-security-policy') {
          header.value = pageCsp(header.value, page.html, page.lineage);
        }
      }
    }
    await writeFile(headersFile, `${JSON.stringify(routes, null, '\t')}\n`);
  }
  const ms = Date.now() - started;
  console.log(
    `critical-css: ${files.length} pages (${reused} from cache), ${before} -> ${after} bytes of HTML, ${ms} ms`,
  );
  return { pages: files.length, reused, before, after, ms };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await pruneBuild({ outDir: process.env.OUT_DIR ?? 'dist' });
}
