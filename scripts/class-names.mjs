// Short class names for a prerendered page's utilities (run by scripts/critical-css.mjs after
// pruning). Tailwind's utility names (`sm:text-xl`, `text-slate-700`) are written twice, in the
// markup and in the inline stylesheet's selectors; on the home page they are about a sixth of
// the brotli bytes. Each page gets its own mapping (its CSS is inline, nothing is shared).
//
// Only classes of rules in `@layer utilities` are renamed: component classes (.card,
// .site-header, .form-notice) keep their names for people, tests and scripts. A utility named by
// any script the page runs or may load (a word of its strings: `classList.toggle('hidden')`, an
// island's markup) or passed to an island as a prop keeps its name too, since that code will
// write the original name.
import { createRequire } from 'node:module';

// beasties' own CSS parser (a dependency of beasties, resolved from it, not from us).
const postcss = createRequire(import.meta.resolve('beasties'))('postcss');

const STYLE_TAG = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi;
const CLASS_ATTRIBUTE = /(\sclass=")([^"]*)(")/g;
const ISLAND_PROPS = /<astro-island\b[^>]*?\sprops="([^"]*)"/gi;
const IDENT_CHAR = /[\w-]/;
const HEX_ESCAPE = /^\\([0-9a-fA-F]{1,6}) ?/;

const decodeEntities = (s) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Where a quoted string or an attribute selector that starts at `start` ends (exclusive). */
function skipGroup(selector, start) {
  const close = selector[start] === '[' ? ']' : selector[start];
  let i = start + 1;
  while (i < selector.length && selector[i] !== close) {
    if (selector[i] === '\\') i += 1;
    else if (close === ']' && (selector[i] === '"' || selector[i] === "'")) i = skipGroup(selector, i) - 1;
    i += 1;
  }
  return i + 1;
}

/** The class at `start` (just after its dot): its name unescaped and where it ends. */
function readClass(selector, start) {
  let name = '';
  let i = start;
  while (i < selector.length) {
    const ch = selector[i];
    if (ch === '\\') {
      const hex = HEX_ESCAPE.exec(selector.slice(i));
      if (hex) {
        name += String.fromCodePoint(Number.parseInt(hex[1], 16));
        i += hex[0].length;
      } else {
        name += selector[i + 1] ?? '';
        i += 2;
      }
    } else if (IDENT_CHAR.test(ch) || ch.charCodeAt(0) > 127) {
      name += ch;
      i += 1;
    } else break;
  }
  return { name, end: i };
}

/**
 * Calls `visit(name)` for each class in a selector (outside strings and attribute selectors)
 * and puts back what it returns (an unescaped class name), or the original when undefined.
 */
export function mapSelectorClasses(selector, visit) {
  let out = '';
  let i = 0;
  while (i < selector.length) {
    const ch = selector[i];
    if (ch === '\\') {
      out += selector.slice(i, i + 2);
      i += 2;
    } else if (ch === '[' || ch === '"' || ch === "'") {
      const end = skipGroup(selector, i);
      out += selector.slice(i, end);
      i = end;
    } else if (ch === '.' && i + 1 < selector.length && /[\w\\-]/.test(selector[i + 1])) {
      const { name, end } = readClass(selector, i + 1);
      const renamed = visit(name);
      out += renamed === undefined ? selector.slice(i, end) : `.${renamed}`;
      i = end;
    } else {
      out += ch;
      i += 1;
    }
  }
  return out;
}

const inKeyframes = (node) => {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'atrule' && /keyframes$/i.test(p.name)) return true;
  return false;
};
const inUtilities = (node) => {
  for (let p = node.parent; p; p = p.parent)
    if (p.type === 'atrule' && p.name === 'layer' && p.params === 'utilities') return true;
  return false;
};

/** Short class names, most used first, that no class on the page already has. */
function* shortNames(taken) {
  const first = 'abcdefghijklmnopqrstuvwxyz';
  const rest = `${first}0123456789`;
  for (let length = 1; ; length += 1) {
    const total = first.length * rest.length ** (length - 1);
    for (let n = 0; n < total; n += 1) {
      let name = first[n % first.length];
      for (let k = Math.floor(n / first.length), j = 1; j < length; j += 1, k = Math.floor(k / rest.length)) {
        name += rest[k % rest.length];
      }
      if (!taken.has(name)) yield name;
    }
  }
}

/**
 * The page with its utility classes renamed to short names, in markup and inline CSS alike.
 * @param {string} html
 * @param {{ keep?: Set<string> }} [options] words scripts may write (never renamed)
 */
export function shortenClassNames(html, { keep = new Set() } = {}) {
  const styles = [...html.matchAll(STYLE_TAG)];
  if (styles.length === 0) return html;
  const roots = styles.map(([, , css]) => postcss.parse(css));
  const utilities = new Set();
  const inSelectors = new Set();
  for (const root of roots) {
    root.walkRules((rule) => {
      if (inKeyframes(rule)) return;
      mapSelectorClasses(rule.selector, (name) => {
        inSelectors.add(name);
        if (inUtilities(rule)) utilities.add(name);
        return undefined;
      });
    });
  }
  const kept = new Set(keep);
  for (const [, props] of html.matchAll(ISLAND_PROPS)) {
    for (const word of decodeEntities(props).split(/[\s"'`,[\]{}:]+/)) kept.add(word);
  }
  const uses = new Map();
  const inMarkup = new Set();
  for (const [, , value] of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of value.split(/\s+/).filter(Boolean)) {
      inMarkup.add(name);
      // A name with an entity in it would need decoding to match its selector: left alone.
      if (utilities.has(name) && !kept.has(name) && !name.includes('&')) uses.set(name, (uses.get(name) ?? 0) + 1);
    }
  }
  const names = shortNames(new Set([...inMarkup, ...inSelectors, ...kept]));
  const rename = new Map();
  let next = names.next().value;
  // Only a shorter name is worth it; so a page already shortened is left as it is.
  for (const [name] of [...uses.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    if (next.length >= name.length) continue;
    rename.set(name, next);
    next = names.next().value;
  }
  if (rename.size === 0) return html;
  // Short names in the order they were handed out (most used first), kept names after them in
  // their own order: the same sets of classes then read the same everywhere, which brotli likes.
  const rank = new Map([...rename.values()].map((name, i) => [name, i]));
  const ordered = (names) => {
    const short = names.map((name) => rename.get(name) ?? name);
    const at = (name) => rank.get(name) ?? rank.size;
    return short
      .map((name, i) => [name, i])
      .sort((a, b) => at(a[0]) - at(b[0]) || a[1] - b[1])
      .map(([name]) => name);
  };

  const cssOut = roots.map((root) => {
    root.walkRules((rule) => {
      if (!inKeyframes(rule)) rule.selector = mapSelectorClasses(rule.selector, (name) => rename.get(name));
    });
    return root.toString();
  });
  let i = 0;
  const withCss = html.replace(STYLE_TAG, (_, open, _css, close) => `${open}${cssOut[i++]}${close}`);
  // Class attributes only outside <style> (their text cannot hold one) and <script> elements.
  return withCss.replace(
    /(<script\b[\s\S]*?<\/script>)|(<style\b[\s\S]*?<\/style>)|([^<]+|<)/gi,
    (chunk, script, style) =>
      script || style
        ? chunk
        : chunk.replace(
            CLASS_ATTRIBUTE,
            (_, open, value, close) => `${open}${ordered(value.split(/\s+/).filter(Boolean)).join(' ')}${close}`,
          ),
  );
}
