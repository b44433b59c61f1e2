// After `astro build` (run by scripts/post-build.ts, before it compresses): every prerendered
// page keeps only the inline CSS rules it can use. Astro inlines the whole stylesheet into every
// page (astro.config.ts, `inlineStylesheets: 'always'`); pruned, a page's HTML and CSS fit the
// first round trip. Each route's CSP in _headers.json then lists only the hashes of the inline
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
// beasties is pinned to an exact version (package.json): what we reach into is checked by
// scripts/beasties-internals.test.ts. Results are cached by page and by the code that pruned it
// (PRUNING_CODE_KEY), so a rebuild only re-prunes pages that changed.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { compileSheet, type SelectorMatch, type TokenCondition } from 'beasties/compiler';
import { collectPrograms, type DocumentTokens, renderCriticalCss, scanHtml } from 'beasties/runtime';
import { pageCsp as narrowCsp } from '#server/http/on-demand-html.ts';
import { contentKey, cspHash, sourceKey } from './build-hash.ts';
import { progress } from './progress.ts';

// beasties' own CSS parser (a dependency of beasties, resolved from it, not from us).
const postcss: typeof import('postcss').default = createRequire(import.meta.resolve('beasties'))('postcss');

/**
 * The code a pruned page depends on besides the page itself: this module, what it imports of
 * ours, and beasties (its manifest names the exact version). Part of every cache key.
 */
export const PRUNING_SOURCES: readonly URL[] = [
  new URL(import.meta.url),
  new URL('./build-hash.ts', import.meta.url),
  new URL('../src/server/http/on-demand-html.ts', import.meta.url),
  new URL('../package.json', import.meta.resolve('beasties')),
];
const STYLE_TAG = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi;
const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** A template whose script styles what it adds by itself (ToasterLoader.astro): not read for words. */
const OWN_STYLES_TEMPLATE = /<template\b[^>]*\sdata-own-styles\b[^>]*>[\s\S]*?<\/template>/gi;
/** Attributes that scripts and the browser set and clear while the page is in use. */
const STATE_ATTRIBUTE = /^(?:open|hidden|disabled|checked|selected|inert|aria-.*|data-(?!astro-).*)$/;
/** Selectors that begin with a pseudo (nothing for a static scan to match): always kept. */
const PSEUDO_FIRST = /^:/;
/** beasties' own pattern for the pseudos it strips (beasties/dist/compiler.mjs, 0.5.4). */
export const BEASTIES_PSEUDO = /(?<!\\)::?[a-z-]+(?:\(.+\))?/gi;
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
const INPUT_PART_TYPES: [RegExp, string[]][] = [
  [
    /^::-webkit-(?:date-and-time-value|datetime-edit|calendar-picker-indicator)/,
    ['date', 'time', 'datetime-local', 'month', 'week'],
  ],
  [/^::file-selector-button/, ['file']],
  [/^::-webkit-search-/, ['search']],
  [/^::-webkit-(?:inner|outer)-spin-button/, ['number']],
];
const INPUT_TYPE = /<input\b[^>]*\stype=["']?([\w-]+)/gi;
const TAG_NAME = /<([a-z][\w-]*)/gi;
/** A :has() and its argument (one level of nested parentheses, as in :has(:is(a, b):focus)). */
const HAS_ARGUMENT = /:has\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)/g;

/** A stylesheet compiled once for matching (pruneHtml's `compile`). */
export type CompiledInlineSheet = ReturnType<typeof compileInlineSheet>;

/** The stylesheet compiled for matching, with the relaxations above applied to its conditions. */
export function compileInlineSheet(css: string) {
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
    const selectors = rule.selectors;
    if (selectors && rule.match) {
      rule.match = rule.match.map((condition, i) => balancedCondition(selectors[i] ?? '') ?? condition);
    }
    if (rule.match) rule.match = rule.match.map(relaxCondition);
    if (selectors && rule.match) {
      rule.match = rule.match.map((condition, i) => pseudoFirstCondition(selectors[i] ?? '') ?? condition);
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
function balancedCondition(selector: string): SelectorMatch | undefined {
  const stripped = stripPseudos(selector);
  if (selector.replace(BEASTIES_PSEUDO, '') === stripped) return undefined;
  return compileSheet(`${stripped}{x:y}`).rules[0]?.match?.[0] ?? true;
}

/** The selector without its pseudo-classes and pseudo-elements, each with its whole argument. */
function stripPseudos(selector: string): string {
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
function pseudoFirstCondition(selector: string): SelectorMatch | undefined {
  if (!PSEUDO_FIRST.test(selector)) return undefined;
  if (INPUT_PSEUDO.test(selector)) return { tags: ['input'] };
  const classes = [...selector.replace(NOT_ARGUMENT, '').matchAll(SELECTOR_CLASS)].map(([, c = '']) =>
    c.replace(/\\(.)/g, '$1'),
  );
  return classes.length ? { classes } : true;
}

/** A selector's condition without the attributes that only appear once the visitor acts. */
function relaxCondition(condition: SelectorMatch): SelectorMatch {
  if (condition === true) return true;
  const relaxed: TokenCondition = { ...condition };
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
export function scriptWords(source: string): Set<string> {
  return new Set(source.split(SCRIPT_WORD_SEPARATORS).filter(Boolean));
}

/**
 * Words of the scripts a page runs or may load: inline scripts (not JSON-LD), <script src>,
 * island components and renderers, and every chunk those import, read from clientDir.
 */
export class ScriptWords {
  readonly #clientDir: string;
  readonly #files = new Map<string, Promise<{ words: Set<string>; imports: string[] } | null>>();
  constructor(clientDir: string) {
    this.#clientDir = clientDir;
  }

  async forPage(html: string): Promise<Set<string>> {
    const words = new Set<string>();
    const entries: (string | null)[] = [];
    for (const [, attrs = '', body = ''] of html.replace(OWN_STYLES_TEMPLATE, '').matchAll(SCRIPT_TAG)) {
      if (/type\s*=\s*["']?application\/(?:ld\+)?json/i.test(attrs)) continue;
      const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1];
      if (src) entries.push(this.#resolve(src, '/'));
      for (const word of scriptWords(body)) words.add(word);
      for (const [, ref = ''] of body.matchAll(SCRIPT_REFERENCE)) entries.push(this.#resolve(ref, '/'));
    }
    for (const [, url = ''] of html.matchAll(/\b(?:component|renderer)-url\s*=\s*["']([^"']+)["']/gi)) {
      entries.push(this.#resolve(url, '/'));
    }
    const seen = new Set<string>();
    const queue = entries.filter((entry) => entry !== null);
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
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
  #resolve(ref: string, fromUrl: string): string | null {
    const url = new URL(ref, new URL(fromUrl, 'http://build.invalid/'));
    if (url.origin !== 'http://build.invalid') return null;
    const file = resolve(this.#clientDir, `.${decodeURIComponent(url.pathname)}`);
    return file.startsWith(this.#clientDir + sep) ? file : null;
  }

  #read(file: string) {
    let read = this.#files.get(file);
    if (!read) {
      read = readFile(file, 'utf8').then(
        (source) => {
          const url = `/${relative(this.#clientDir, file).split(sep).join('/')}`;
          const imports = [...source.matchAll(SCRIPT_REFERENCE)]
            .flatMap(([, ref = '']) => [this.#resolve(ref, url), this.#resolve(ref, '/')])
            .filter((f): f is string => f !== null && existsSync(f));
          return { words: scriptWords(source), imports };
        },
        () => null,
      );
      this.#files.set(file, read);
    }
    return read;
  }
}

/** A page after pruning, and its styles' CSP hashes that changed (old -> new; null when removed). */
export interface Pruned {
  html: string;
  hashes: Map<string, string | null>;
}

/**
 * The page with each inline <style> reduced to the rules its markup and scripts can use, and
 * the CSP hashes that changed.
 */
export function pruneHtml(
  html: string,
  {
    scriptWords: words = new Set(),
    compile = compileInlineSheet,
    scanned = (markup) => markup,
    append = '',
  }: {
    scriptWords?: Set<string>;
    compile?: (css: string) => CompiledInlineSheet;
    /** The part of the page the kept rules must serve (the first screen's, for a page with a fold). */
    scanned?: (markup: string) => string;
    /** Rules added, as they are, at the end of the first <style> (prunePage's FOLD_HIDDEN). */
    append?: string;
  } = {},
): Pruned {
  const styles = [...html.matchAll(STYLE_TAG)];
  if (styles.length === 0) return { html, hashes: new Map() };
  const hashes = new Map<string, string | null>();
  const compiled = styles.map(([, , css = '']) => compile(css));
  const programs = compiled.flatMap((c) => c.programs);
  // The scan must not see the stylesheets themselves (nor match inside them).
  const markup = scanned(html.replace(STYLE_TAG, '$1$3'));
  const tokens = scanHtml(markup, programs, { chars: false });
  addScriptWords(tokens, words);
  const inputTypes = new Set([...markup.matchAll(INPUT_TYPE)].map(([, type = '']) => type.toLowerCase()));
  for (const word of words) inputTypes.add(word);
  const elements = new Set([...markup.matchAll(TAG_NAME)].map(([, name = '']) => name.toLowerCase()));
  for (const word of words) elements.add(word);
  // Custom properties read outside the stylesheet: style attributes, scripts.
  const outside = new Set([...markup.matchAll(CUSTOM_PROPERTY_USE)].map(([, name = '']) => name));
  for (const word of words) if (word.includes('--')) for (const [name] of word.matchAll(/--[\w-]+/g)) outside.add(name);
  const criticals = compiled.map(({ sheet }) => renderCriticalCss(sheet, tokens, { keyframes: 'all' }).css);
  // A property may be declared in one <style> and read in another (a theme, then its rules); what
  // a stylesheet reads of its own declarations is pruneCustomProperties' business (an unused
  // declaration reading another must not keep that one).
  const readBy = criticals.map((css) => new Set([...css.matchAll(CUSTOM_PROPERTY_USE)].map(([, name = '']) => name)));
  const readElsewhere = (i: number) =>
    new Set([...outside, ...readBy.filter((_, j) => j !== i).flatMap((set) => [...set])]);
  let out = '';
  let last = 0;
  styles.forEach((match, i) => {
    const [whole, open, css = '', close] = match;
    const license = LICENSE_COMMENT.exec(css)?.[1] ?? '';
    const critical =
      pruneCustomProperties(
        dropRepeatedDeclarations(pruneHasAbsent(pruneInputParts(criticals[i] ?? '', inputTypes), elements)),
        readElsewhere(i),
      ) + (i === 0 ? append : '');
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
 * Where a long page's first screen ends (`<BelowFold />` writes it). Such a page keeps inline only
 * the rules of what comes before it and of what follows </main> (the footer, the floating call
 * buttons); the rest comes in a stylesheet with the page's whole pruned CSS, which repeats the
 * inline rules in their original order, so it never changes how the first screen looks.
 *
 * The sheet is asked for once the first screen is on screen (foldMarkup), not with the page: a
 * request made before the largest paint counts against it in Lighthouse's model (the home page
 * measured 755-790 ms with the sheet linked at the fold, 697-700 ms asked for after the paint),
 * though the browser would not have waited for it. What lies below the fold stays hidden until
 * the sheet applies (FOLD_HIDDEN), so nobody sees it unstyled; if the sheet never comes, it shows
 * after FOLD_WAIT anyway. Without JavaScript the <noscript> copy is an ordinary stylesheet in
 * the body, which holds back only what follows it.
 */
export const FOLD_MARKER = '<template data-below-fold></template>';
/** The longest what lies below the fold stays hidden waiting for its stylesheet. */
const FOLD_WAIT = '3s';
/** Inline, on the first screen: hide what follows the fold until its stylesheet ends the wait. */
export const FOLD_HIDDEN = `[data-fold]~*{animation:fold ${FOLD_WAIT} step-end}@keyframes fold{0%{visibility:hidden}}`;
/** First in the fold's stylesheet: the wait is over. */
export const FOLD_SHOWN = '[data-fold]~*{animation:none}';

/**
 * The fold: the stylesheet for visitors without JavaScript, and the same link in a template the
 * page's loader (SiteScript.astro, template-loader.ts) adds once the browser reports the first paint.
 */
export function foldMarkup(url: string): string {
  const link = `<link rel="stylesheet" href="${url}">`;
  return `<noscript data-fold>${link}</noscript><template data-load-on="paint">${link}</template>`;
}
/** What the first screen never shows past the fold: the rest of <main> and the footer after it. */
const BELOW_FOLD_ENDS: [close: string, dropped: boolean][] = [
  ['</footer>', true],
  ['</main>', false],
];

/**
 * The page without what lies between `from` (the fold) and the end of the footer (or of <main>):
 * the header, the first screen and the floating call buttons, with their scripts.
 */
export function firstScreenOf(html: string, from = FOLD_MARKER): string {
  const start = html.indexOf(from);
  if (start < 0) return html;
  for (const [close, dropped] of BELOW_FOLD_ENDS) {
    const end = html.indexOf(close, start);
    if (end >= 0) return html.slice(0, start) + html.slice(dropped ? end + close.length : end);
  }
  return html;
}

/** A page pruned around its fold: the page, its hashes, and the stylesheet the fold links. */
export interface PrunedWithFold extends Pruned {
  /** The below-the-fold stylesheet's URL and content; undefined for a page without a fold. */
  sheet?: { url: string; css: string };
}

/**
 * The page pruned as pruneHtml does, or around its fold (FOLD_MARKER) when it has one;
 * `firstScreenWords` are the words of the scripts that firstScreenOf(html) keeps.
 */
export function prunePage(
  html: string,
  options: Parameters<typeof pruneHtml>[1] & { firstScreenWords?: Set<string> } = {},
): PrunedWithFold {
  if (!html.includes(FOLD_MARKER)) return pruneHtml(html, options);
  const whole = pruneHtml(html.replace(FOLD_MARKER, ''), options);
  const css = [...whole.html.matchAll(STYLE_TAG)].map(([, , rules = '']) => rules).join('');
  if (!html.includes('template[data-load-on]')) {
    throw new Error('A page with a fold needs the template loader (SiteScript.astro) to load its stylesheet.');
  }
  const sheet = FOLD_SHOWN + css;
  const url = `/_astro/below-fold.${contentKey(sheet).slice(0, 12)}.css`;
  const fold = foldMarkup(url);
  const pruned = pruneHtml(html.replace(FOLD_MARKER, fold), {
    ...options,
    scriptWords: options.firstScreenWords ?? new Set(),
    scanned: (markup) => firstScreenOf(markup, fold),
    append: FOLD_HIDDEN,
  });
  return { ...pruned, sheet: { url, css: sheet } };
}

/**
 * The CSS without a declaration its rule repeats word for word later on (prefixing leaves preflight's
 * `a` with `-webkit-text-decoration: inherit` three times): the last one stays, so the cascade is
 * the same.
 */
export function dropRepeatedDeclarations(css: string): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const seen = new Set<string>();
    const decls = rule.nodes.filter((node) => node.type === 'decl');
    for (const decl of decls.reverse()) {
      const key = `${decl.prop}:${decl.value}${decl.important ? '!important' : ''}`;
      if (seen.has(key)) decl.remove();
      else seen.add(key);
    }
  });
  return root.toString();
}

/**
 * The CSS without rules that wait for an element the page does not have, through :has(): the
 * floating call bar slides away while a form field has focus, and a first screen without a field
 * (the home page's, above its fold) need not carry that rule. An element a script names counts
 * as present.
 */
export function pruneHasAbsent(css: string, elements: ReadonlySet<string>): string {
  if (!css.includes(':has(')) return css;
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.selectors.every((selector) => hasAbsentElement(selector, elements))) rule.remove();
  });
  return root.toString();
}

/** Whether a :has() of the selector names elements (by type) none of which the page has. */
export function hasAbsentElement(selector: string, elements: ReadonlySet<string>): boolean {
  for (const [, argument = ''] of selector.matchAll(HAS_ARGUMENT)) {
    const types = argument
      .replace(/\[[^\]]*\]/g, '') // attribute selectors: [type=checkbox] names no element
      .replace(/::?[\w-]+/g, '') // pseudo names (:is, :not, :focus); their arguments stay
      .match(/(?<![\w.#-])[a-z][\w-]*/gi);
    if (types?.every((type) => !elements.has(type.toLowerCase()))) return true;
  }
  return false;
}

/**
 * The CSS without preflight's rules for date, file, search and number inputs when the page has
 * none of that type (a text field keeps every rule an <input> may use otherwise): a contact form
 * does not need the date picker's eleven rules. A type named by a script counts as present.
 */
function pruneInputParts(css: string, inputTypes: Set<string>): string {
  if (!css.includes('::')) return css;
  const unused = (selector: string) =>
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
 */
export function pruneCustomProperties(css: string, readElsewhere: ReadonlySet<string> = new Set()): string {
  if (!css.includes('--')) return css;
  const root = postcss.parse(css);
  for (let removed = 1; removed > 0;) {
    const used = new Set(readElsewhere);
    root.walkDecls((decl) => {
      for (const [, name = ''] of decl.value.matchAll(CUSTOM_PROPERTY_USE)) used.add(name);
    });
    root.walkAtRules((atRule) => {
      for (const [, name = ''] of atRule.params.matchAll(CUSTOM_PROPERTY_USE)) used.add(name);
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
function addScriptWords(tokens: DocumentTokens, words: Set<string>): void {
  if (words.size === 0) return;
  const added = new Set<string>();
  for (const word of words) {
    if (!tokens.classes.has(word)) added.add(word);
    tokens.classes.add(word);
    tokens.ids.add(word);
    tokens.tags.add(word.toLowerCase());
  }
  const programs = tokens.matchedPrograms;
  for (const [program, matched] of programs ?? []) {
    if (matched) continue;
    const classes = program.compounds.flatMap((c) => c.classes ?? []);
    if (classes.some((c) => added.has(c)) && classes.every((c) => tokens.classes.has(c))) {
      programs?.set(program, true);
    }
  }
}

/** Elements whose text keeps its whitespace (and the code in which it may matter). */
const RAW_TEXT = /(<(pre|textarea|script|style)\b[\s\S]*?<\/\2>)/gi;

/**
 * The page with each run of whitespace outside <pre>, <textarea>, <script> and <style> made one
 * space, as the browser renders it anyway (no prerendered page sets `white-space: pre`).
 */
export function collapseWhitespace(html: string): string {
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
 * (src/server/http/on-demand-html.ts), where a style is also allowed as the pruned copy of one
 * Astro allowed (`lineage`: original hash -> the hash of the copy that replaced it, or null).
 */
export function pageCsp(csp: string, html: string, lineage: ReadonlyMap<string, string | null> = new Map()): string {
  const allowed = new Set(csp.split(/[\s;]+/));
  const styles = [...lineage].flatMap(([before, after]) => (after && allowed.has(before) ? [after] : []));
  return ownFormActions(narrowCsp(csp, html, { styles }), html);
}

/**
 * The forms whose answer may be a redirect to Stripe's payment page: the checkout and an
 * invoice's "Pay online" (Chrome applies form-action to that redirect).
 */
const PAYMENT_FORM = /<form\b[^>]*\saction=["']?\/api\/(?:checkout|account\/invoices\/)/i;

/**
 * form-action narrowed to 'self' on a page without a payment form: every other form of a
 * prerendered page posts to this site and is answered on it (the contact form), so the page
 * need not allow Stripe's origin, and its first response is that much shorter.
 */
export function ownFormActions(csp: string, html: string): string {
  if (PAYMENT_FORM.test(html)) return csp;
  return csp.replace(/(^|;)(\s*)form-action\s[^;]*/, "$1$2form-action 'self'");
}

/** '/' for index.html, '/about' for about/index.html, '/404' for 404.html (as html-pages.ts). */
function routeFor(file: string): string {
  const path = file.split(sep).join('/');
  if (path === 'index.html') return '/';
  if (path.endsWith('/index.html')) return `/${path.slice(0, -'/index.html'.length)}`;
  return `/${path.slice(0, -'.html'.length)}`;
}

/** The routes' headers Astro writes with `staticHeaders: true` (<outDir>/_headers.json). */
type RouteHeaders = { pathname: string; headers: { key: string; value: string }[] }[];

/**
 * Prune every prerendered page of a build (`<outDir>/client/**.html`) in place and update the
 * per-route CSP in `<outDir>/_headers.json`.
 */
export async function pruneBuild({
  outDir,
  cacheDir = resolve('node_modules', '.cache', 'critical-css'),
}: {
  outDir: string;
  cacheDir?: string;
}) {
  const started = Date.now();
  const clientDir = resolve(outDir, 'client');
  const headersFile = resolve(outDir, '_headers.json');
  await mkdir(cacheDir, { recursive: true });
  const files = (await readdir(clientDir, { recursive: true })).filter((f) => f.endsWith('.html'));
  const words = new ScriptWords(clientDir);
  const sheets = new Map<string, CompiledInlineSheet>();
  const compile = (css: string) => {
    const key = contentKey(css);
    const sheet = sheets.get(key) ?? compileInlineSheet(css);
    sheets.set(key, sheet);
    return sheet;
  };
  const codeKey = sourceKey(PRUNING_SOURCES);
  const htmlByRoute = new Map<string, { html: string; lineage: Map<string, string | null> }>();
  let before = 0;
  let after = 0;
  let reused = 0;
  const tick = progress('critical-css: pages', files.length);
  for (const file of files) {
    const path = join(clientDir, file);
    const html = await readFile(path, 'utf8');
    // The pruned page depends on the page, the scripts it names (content-hashed URLs) and the
    // code that prunes it.
    const key = join(cacheDir, `${contentKey(codeKey, html)}.json`);
    let result = await readFile(key, 'utf8').then(
      (json): PrunedWithFold => {
        const cached = JSON.parse(json) as Omit<PrunedWithFold, 'hashes'> & { hashes: [string, string | null][] };
        return { ...cached, hashes: new Map(cached.hashes) };
      },
      () => null,
    );
    if (result) reused += 1;
    else {
      const scriptWords = await words.forPage(html);
      const firstScreenWords = html.includes(FOLD_MARKER) ? await words.forPage(firstScreenOf(html)) : undefined;
      const stage = prunePage(html, { scriptWords, firstScreenWords, compile });
      // Collapsing whitespace leaves <style> elements as they are: the lineage is pruning's.
      result = { ...stage, html: collapseWhitespace(stage.html) };
      await writeFile(key, JSON.stringify({ ...result, hashes: [...result.hashes] }));
    }
    const { html: pruned, hashes: lineage, sheet } = result;
    before += html.length;
    after += pruned.length;
    if (pruned !== html) await writeFile(path, pruned);
    if (sheet) {
      const sheetFile = join(clientDir, `.${sheet.url}`);
      await mkdir(dirname(sheetFile), { recursive: true });
      await writeFile(sheetFile, sheet.css);
    }
    htmlByRoute.set(routeFor(file), { html: pruned, lineage });
    tick();
  }
  if (existsSync(headersFile)) {
    const routes = JSON.parse(await readFile(headersFile, 'utf8')) as RouteHeaders;
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
