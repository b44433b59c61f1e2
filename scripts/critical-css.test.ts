import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { cspHash } from './build-hash.ts';
import {
  collapseWhitespace,
  dropRepeatedDeclarations,
  firstScreenOf,
  FOLD_HIDDEN,
  FOLD_MARKER,
  FOLD_SHOWN,
  foldMarkup,
  hasAbsentElement,
  pageCsp,
  pruneHasAbsent,
  pruneBuild,
  pruneHtml,
  prunePage,
  ScriptWords,
} from './critical-css.ts';

const CSS = [
  '@layer theme,base,utilities;',
  '@layer theme{:root,:host{--color-used:#123;--color-unused:#456;--font-display:"Fraunces",serif}}',
  '@layer base{*,:before,:after,::backdrop{box-sizing:border-box}::placeholder{opacity:1}',
  '::-webkit-datetime-edit{padding:0}ol,ul{list-style:none}table{border-collapse:collapse}}',
  '@font-face{font-family:Fraunces;src:url(/fonts/fraunces.woff2)format("woff2");font-display:swap}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
  '@property --tw-used{syntax:"*";inherits:false}@property --tw-unused{syntax:"*";inherits:false}',
  '@layer utilities{.btn{color:var(--color-used);font-family:var(--font-display)}',
  '.btn:hover{color:red}.btn:focus-visible{outline:2px solid}',
  '.spinner{animation:spin 1s linear infinite}',
  'details[open]>summary{font-weight:700}',
  '.menu[aria-expanded=true]{display:block}',
  '.site-header[data-enhanced] .nav{display:flex}',
  '.nav-dropdown:focus-within>.nav-panel{display:block}',
  ':where(.space-y-4>:not(:last-child)){margin-top:1rem}:where(.space-y-8>:not(:last-child)){margin-top:2rem}',
  '@media (width>=40rem){.btn{padding:1rem}.unused{padding:2rem}}',
  '.tw{--tw-used:1px;border-width:var(--tw-used)}',
  '.toast{position:fixed}.bg-red-700{background:red}.unused{color:blue}}',
].join('');

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><style>${CSS}</style></head><body>${body}</body></html>`;

const BODY = [
  '<header class="site-header"><ul><li class="nav-dropdown"><div class="nav-panel"></div></li></ul>',
  '<nav class="nav"></nav></header>',
  '<details><summary>Menu</summary></details>',
  '<button type="button" class="btn menu" aria-expanded="false">Open</button>',
  '<div class="space-y-4"><p>a</p><p>b</p></div><span class="spinner tw"></span>',
].join('');

const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';

describe('pruneHtml', () => {
  const css = styleOf(pruneHtml(page(BODY)).html);

  test('keeps rules for states that appear only on interaction', () => {
    expect(css).toContain('.btn:hover{color:red}');
    expect(css).toContain('.btn:focus-visible{');
    expect(css).toContain('details[open]>summary{');
    expect(css).toContain('.menu[aria-expanded=true]{');
    expect(css).toContain('.site-header[data-enhanced] .nav{');
    expect(css).toContain('.nav-dropdown:focus-within>.nav-panel{');
  });

  test('keeps media queries, keyframes, font faces, pseudo-element resets and used custom properties', () => {
    expect(css).toMatch(/@media \(width>=40rem\)\{\.btn\{padding:1rem\}\}/);
    expect(css).toContain('@keyframes spin{');
    expect(css).toContain('@font-face{font-family:Fraunces;');
    expect(css).toContain('::backdrop{box-sizing:border-box}');
    expect(css).toContain('::placeholder{opacity:1}');
    expect(css).toContain('--color-used:#123');
    expect(css).toContain('--font-display:');
    expect(css).toContain('@property --tw-used{');
    expect(css).toContain(':where(.space-y-4>:not(:last-child))');
  });

  test('drops rules, custom properties and registrations the page cannot use', () => {
    expect(css).not.toContain('.unused');
    expect(css).not.toContain('--color-unused');
    expect(css).not.toContain('--tw-unused');
    expect(css).not.toContain('table{');
    expect(css).not.toContain('::-webkit-datetime-edit');
    expect(css).not.toContain('space-y-8');
    expect(css).not.toContain('.toast');
  });

  test('keeps the date picker’s rules only where a date-like input is (or a script may add one)', () => {
    const withText = styleOf(pruneHtml(page('<input type="text" name="q">')).html);
    expect(withText).not.toContain('::-webkit-datetime-edit');
    const withDate = styleOf(pruneHtml(page('<input type="date" name="d">')).html);
    expect(withDate).toContain('::-webkit-datetime-edit{padding:0}');
    const scripted = styleOf(pruneHtml(page('<input name="q">'), { scriptWords: new Set(['date']) }).html);
    expect(scripted).toContain('::-webkit-datetime-edit{padding:0}');
  });

  test('drops a custom property that only an unused custom property reads', () => {
    const theme = '@layer theme{:root{--font-mono:monospace;--default-mono:var(--font-mono);--used:1px}}';
    const html = `<html><head><style>${theme}.x{margin:var(--used)}</style></head><body><p class="x">x</p></body></html>`;
    const pruned = styleOf(pruneHtml(html).html);
    expect(pruned).toContain('--used:1px');
    expect(pruned).not.toContain('--default-mono');
    expect(pruned).not.toContain('--font-mono');
  });

  test('keeps a rule whose selector has a pseudo inside :has() and another after it', () => {
    // beasties alone read this selector as `.nav-states>.nav-panel` and dropped the rule.
    const rule = '.nav-states:has(.nav-panel:hover)>.nav-state:not(:hover)>.nav-panel{visibility:hidden}';
    const menu = '<ul class="nav-states"><li class="nav-state"><div class="nav-panel"></div></li></ul>';
    const html = `<html><head><style>${rule}.gone:has(.x:hover)>.b:not(:focus){color:red}</style></head><body>${menu}</body></html>`;
    const pruned = styleOf(pruneHtml(html).html);
    expect(pruned).toContain(rule);
    expect(pruned).not.toContain('.gone');
  });

  test('leaves no stray semicolon between block at-rules (it would void the next rule)', () => {
    expect(css).not.toMatch(/\};/);
  });

  test('keeps the classes that the page’s scripts may add (islands, toasts)', () => {
    const withIsland = styleOf(pruneHtml(page(BODY), { scriptWords: new Set(['toast', 'bg-red-700']) }).html);
    expect(withIsland).toContain('.toast{position:fixed}');
    expect(withIsland).toContain('.bg-red-700{');
    expect(withIsland).not.toContain('.unused');
  });

  test('is idempotent and reports the changed CSP hash', () => {
    const once = pruneHtml(page(BODY));
    expect(pruneHtml(once.html).html).toBe(once.html);
    expect(once.hashes.get(cspHash(CSS))).toBe(cspHash(styleOf(once.html)));
  });

  test('keeps a custom property declared in one <style> and read in another', () => {
    const html =
      '<html><head><style>:root{--theme:#0a0;--unused:#f00}</style><style>.card{color:var(--theme)}</style></head>' +
      '<body><p class="card">x</p></body></html>';
    const [first] = [...pruneHtml(html).html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(first).toContain('--theme:#0a0');
    expect(first).not.toContain('--unused');
  });

  test('leaves everything outside the <style> elements byte for byte', () => {
    const { html } = pruneHtml(page(BODY));
    expect(html.replace(/<style>[\s\S]*?<\/style>/, '')).toBe(page(BODY).replace(/<style>[\s\S]*?<\/style>/, ''));
  });
});

describe('ScriptWords', () => {
  test('reads islands, their renderer and every chunk they import', async () => {
    const client = mkdtempSync(join(tmpdir(), 'critical-css-'));
    mkdirSync(join(client, '_astro'));
    writeFileSync(join(client, '_astro', 'Island.js'), 'import{t}from"./chunk.js";export default()=>t("island-open")');
    // A minified template literal: `toast ${x ? 'bg-red-700' : 'bg-white'}`.
    const template = ['`toast $', '{x?"bg-red-700":"bg-white"}`'].join('');
    writeFileSync(join(client, '_astro', 'chunk.js'), `export const t=(x)=>${template}`);
    writeFileSync(join(client, '_astro', 'client.js'), 'export default "renderer-word"');
    const html =
      '<astro-island component-url="/_astro/Island.js" renderer-url="/_astro/client.js"></astro-island>' +
      '<script type="application/ld+json">{"@type":"not-a-class"}</script><script>el.classList.add("inline-open")</script>';
    const words = await new ScriptWords(client).forPage(html);
    for (const word of ['island-open', 'toast', 'bg-red-700', 'bg-white', 'renderer-word', 'inline-open']) {
      expect(words.has(word), word).toBe(true);
    }
    expect(words.has('not-a-class')).toBe(false);
  });

  test('skips a script in <template data-own-styles> (it styles what it adds) and what only it imports', async () => {
    const client = mkdtempSync(join(tmpdir(), 'critical-css-'));
    mkdirSync(join(client, '_astro'));
    writeFileSync(join(client, '_astro', 'Toaster.js'), 'import"./react.js";export default "toaster-word"');
    writeFileSync(join(client, '_astro', 'react.js'), 'export default "hr video progress"');
    writeFileSync(join(client, '_astro', 'Form.js'), 'export default "form-word"');
    const html =
      '<template id="toaster" data-own-styles><script type="module" src="/_astro/Toaster.js"></script></template>' +
      '<template id="form"><script type="module" src="/_astro/Form.js"></script></template>' +
      '<script>addEventListener("keydown",load)</script>';
    const words = await new ScriptWords(client).forPage(html);
    for (const word of ['form-word', 'keydown']) expect(words.has(word), word).toBe(true);
    for (const word of ['toaster-word', 'hr', 'video', 'progress']) expect(words.has(word), word).toBe(false);
  });
});

describe('collapseWhitespace', () => {
  test('makes each run of whitespace one space, except where it is kept', () => {
    const html =
      '<p>Call  us\n   today</p>\n\n<pre>a\n  b</pre> <textarea>x\n  y</textarea><script>let a =\n  1;</script><style>a{ }\n</style>';
    expect(collapseWhitespace(html)).toBe(
      '<p>Call us today</p> <pre>a\n  b</pre> <textarea>x\n  y</textarea><script>let a =\n  1;</script><style>a{ }\n</style>',
    );
  });
});

describe('pageCsp', () => {
  const menu = 'document.body.dataset.ready = "1";';
  const module = 'import("/x.js");';
  const css = '.a{color:red}';
  const SITE_CSP = `default-src 'self'; script-src 'self' https://js.example ${cspHash(menu)} ${cspHash(module)} 'sha256-a='; style-src 'self' ${cspHash(css)} 'sha256-c='; frame-ancestors 'none'`;

  test('lists the hashes of the inline scripts and styles the page runs, and only those', () => {
    const html = `<html><head><style>${css}</style>
      <script type="application/ld+json">{"@type":"Organization"}</script>
      <script type="module" src="/_astro/island.js"></script></head>
      <body><script>${menu}</script><script type="module">${module}</script></body></html>`;
    const policy = pageCsp(SITE_CSP, html);
    // Astro's own form, spaces included: a security header is never shortened for the round trip.
    expect(policy).toBe(
      `default-src 'self'; script-src 'self' https://js.example ${cspHash(menu)} ${cspHash(module)}; style-src 'self' ${cspHash(css)}; frame-ancestors 'none'`,
    );
    // JSON-LD is a data block: the browser never runs it, so it needs no hash.
    expect(policy).not.toContain(cspHash('{"@type":"Organization"}'));
  });

  test('never allows what Astro’s policy did not: a script written into content stays refused', () => {
    const injected = 'alert(1)';
    const policy = pageCsp(SITE_CSP, `<p>Hi</p><script>${injected}</script><style>b{}</style>`);
    expect(policy).not.toContain(cspHash(injected));
    expect(policy).not.toContain(cspHash('b{}'));
  });

  test('allows the pruned copy of an allowed style, by its lineage', () => {
    const pruned = '.a{color:red;}';
    const policy = pageCsp(SITE_CSP, `<style>${pruned}</style>`, new Map([[cspHash(css), cspHash(pruned)]]));
    expect(policy).toContain(`style-src 'self' ${cspHash(pruned)};`);
    expect(
      pageCsp(
        `style-src 'self' ${cspHash(css)};`,
        `<style>${pruned}</style>`,
        new Map([[cspHash(css), cspHash(pruned)]]),
      ),
    ).toBe(`style-src 'self' ${cspHash(pruned)};`);
  });

  test("form-action is this site alone unless the page has a form that may end at Stripe's payment page", () => {
    const policy = "default-src 'self';form-action 'self' https://checkout.stripe.com;frame-ancestors 'none'";
    expect(pageCsp(policy, '<form method="post" action="/api/contact"></form>')).toBe(
      "default-src 'self';form-action 'self';frame-ancestors 'none'",
    );
    for (const action of ['/api/checkout', '/api/account/invoices/inv1/pay']) {
      expect(pageCsp(policy, `<form method="post" action="${action}"></form>`)).toBe(policy);
    }
  });

  test('a page without inline code allows only its sources', () => {
    expect(pageCsp(SITE_CSP, '<p>Plain</p>')).toBe(
      "default-src 'self'; script-src 'self' https://js.example; style-src 'self'; frame-ancestors 'none'",
    );
  });
});

describe('pruneBuild', () => {
  test('prunes every prerendered page and lists only its own hashes in _headers.json', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'critical-css-build-'));
    mkdirSync(join(outDir, 'client', 'about'), { recursive: true });
    writeFileSync(join(outDir, 'client', 'about', 'index.html'), page(BODY));
    const csp = `default-src 'self'; style-src 'self' ${cspHash(CSS)} 'sha256-other=';`;
    writeFileSync(
      join(outDir, '_headers.json'),
      JSON.stringify([{ pathname: '/about', headers: [{ key: 'Content-Security-Policy', value: csp }] }]),
    );
    await pruneBuild({ outDir, cacheDir: join(outDir, 'cache') });
    const pruned = readFileSync(join(outDir, 'client', 'about', 'index.html'), 'utf8');
    const [route] = JSON.parse(readFileSync(join(outDir, '_headers.json'), 'utf8'));
    const value = route.headers[0].value as string;
    expect(value).toContain(cspHash(styleOf(pruned)));
    expect(value).not.toContain(cspHash(CSS));
    // Hashes of scripts or styles this page does not have are not allowed on it.
    expect(value).not.toContain("'sha256-other='");
    // A second run (from the cache, on already pruned pages) changes nothing.
    await pruneBuild({ outDir, cacheDir: join(outDir, 'cache') });
    expect(readFileSync(join(outDir, 'client', 'about', 'index.html'), 'utf8')).toBe(pruned);
    expect(JSON.parse(readFileSync(join(outDir, '_headers.json'), 'utf8'))[0].headers[0].value).toBe(value);
  });
});

describe('prunePage: a page with a fold', () => {
  // The header and a button on the first screen; the spinner and a toast's script below the fold,
  // in <main>, and a footer; the floating buttons (a .tw) after the footer stay on the first screen.
  // The page's module holds the template loader (SiteScript.astro), which asks for the sheet.
  const loader = '<script type="module">document.querySelectorAll(`template[data-load-on]`)</script>';
  const folded = page(
    [
      `<header class="site-header"><nav class="nav"></nav></header>${loader}`,
      '<main><button class="btn">Call</button>',
      FOLD_MARKER,
      '<span class="spinner"></span><script type="module">document.body.className="toast"</script></main>',
      '<footer><p class="bg-red-700">Footer</p></footer><aside class="tw"></aside>',
    ].join(''),
  );
  const result = prunePage(folded, { firstScreenWords: new Set(), scriptWords: new Set(['toast']) });
  const inline = styleOf(result.html);

  test('keeps inline only the rules of the first screen and what follows the footer', () => {
    expect(inline).toContain('.btn{');
    expect(inline).toContain('.site-header[data-enhanced] .nav');
    expect(inline).toContain('.tw{');
    expect(inline).not.toContain('.spinner');
    expect(inline).not.toContain('.bg-red-700');
    // A class only a script below the fold adds is that script's business.
    expect(inline).not.toContain('.toast');
  });

  test('puts, at the fold, a stylesheet with every rule of the page, in their order', () => {
    const sheet = result.sheet!;
    expect(sheet.url).toMatch(/^\/_astro\/below-fold\.[0-9a-f]{12}\.css$/);
    // A stylesheet for visitors without JavaScript, the same link for the loader to add after the
    // first paint: nothing asks for it before the first screen is drawn.
    const link = `<link rel="stylesheet" href="${sheet.url}">`;
    expect(result.html).toContain(
      `<button class="btn">Call</button><noscript data-fold>${link}</noscript><template data-load-on="paint">${link}</template>`,
    );
    expect(foldMarkup(sheet.url)).toBe(
      `<noscript data-fold>${link}</noscript><template data-load-on="paint">${link}</template>`,
    );
    expect(result.html).not.toContain(FOLD_MARKER);
    // The whole page's pruned rules: the first screen's again (so the sheet never changes how
    // the first screen looks) and those below it, in the stylesheet's order, after the rule that
    // ends the wait.
    expect(sheet.css).toBe(
      FOLD_SHOWN + styleOf(pruneHtml(folded.replace(FOLD_MARKER, ''), { scriptWords: new Set(['toast']) }).html),
    );
    for (const rule of ['.btn{', '.spinner{', '.bg-red-700{', '.toast{', '.tw{']) expect(sheet.css).toContain(rule);
    expect(sheet.css.indexOf('.btn{')).toBeLessThan(sheet.css.indexOf('.spinner{'));
  });

  test('hides what follows the fold, for at most three seconds, until the sheet ends the wait', () => {
    expect(inline.endsWith(FOLD_HIDDEN)).toBe(true);
    expect(FOLD_HIDDEN).toBe('[data-fold]~*{animation:fold 3s step-end}@keyframes fold{0%{visibility:hidden}}');
    expect(FOLD_SHOWN).toBe('[data-fold]~*{animation:none}');
    expect(result.sheet!.css).not.toContain(FOLD_HIDDEN);
    // The page's CSP allows the inline style as it is, the hiding rule included.
    expect(result.hashes.get(cspHash(CSS))).toBe(cspHash(inline));
  });

  test('refuses a fold on a page without the template loader: its sheet would never come', () => {
    expect(() => prunePage(folded.replace(loader, ''))).toThrow(/template loader/);
  });

  test('a page without a fold is pruned as before, with no stylesheet', () => {
    const plain = prunePage(page(BODY));
    expect(plain.sheet).toBeUndefined();
    expect(plain.html).toBe(pruneHtml(page(BODY)).html);
  });

  test('firstScreenOf drops the fold to the end of the footer, or of <main> without one', () => {
    expect(firstScreenOf(`<main>a${FOLD_MARKER}b</main><footer>c</footer><aside>d</aside>`)).toBe(
      '<main>a<aside>d</aside>',
    );
    expect(firstScreenOf(`<main>a${FOLD_MARKER}b</main><aside>d</aside>`)).toBe('<main>a</main><aside>d</aside>');
    expect(firstScreenOf('<main>no fold</main>')).toBe('<main>no fold</main>');
  });

  test('pruneBuild writes the stylesheet where the link points', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'critical-css-fold-'));
    mkdirSync(join(outDir, 'client'), { recursive: true });
    writeFileSync(join(outDir, 'client', 'index.html'), folded);
    await pruneBuild({ outDir, cacheDir: join(outDir, 'cache') });
    const html = readFileSync(join(outDir, 'client', 'index.html'), 'utf8');
    const url = /<link rel="stylesheet" href="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(readFileSync(join(outDir, 'client', url), 'utf8')).toContain('.spinner{');
  });
});

describe('rules the page cannot use', () => {
  test('a :has() of elements the page lacks drops its rule; one the page has, or of classes, keeps it', () => {
    const field = 'html:has(:is(input:not([type=checkbox],[type=radio]),textarea,select):focus) .quick-contact';
    expect(hasAbsentElement(field, new Set(['html', 'a', 'p']))).toBe(true);
    expect(hasAbsentElement(field, new Set(['textarea']))).toBe(false);
    expect(hasAbsentElement('.card:has(a:focus-visible)', new Set(['a']))).toBe(false);
    expect(hasAbsentElement('.card:has(a:focus-visible)', new Set(['p']))).toBe(true);
    expect(hasAbsentElement('.nav-states:has(.nav-panel:hover)>.nav-state', new Set())).toBe(false);
    expect(hasAbsentElement('.x>:not(.y):has(+ .y)', new Set())).toBe(false);
    expect(hasAbsentElement('.plain', new Set())).toBe(false);
    const css = `@media (width<80rem){${field}{transform:translateY(100vh)}}.card:has(a:hover){color:red}`;
    expect(pruneHasAbsent(css, new Set(['a']))).toBe('@media (width<80rem){}.card:has(a:hover){color:red}');
    expect(pruneHasAbsent(css, new Set(['a', 'input']))).toBe(css);
  });

  test('pruneHtml keeps the field rule only where the page has a field, in its markup or its scripts', () => {
    const rule = 'html:has(input:focus) .bar{bottom:-9rem}';
    const withRule = (body: string) =>
      `<!doctype html><html><head><style>.bar{position:fixed}${rule}</style></head><body><p class="bar">b</p>${body}</body></html>`;
    expect(styleOf(pruneHtml(withRule('')).html)).not.toContain(rule);
    expect(styleOf(pruneHtml(withRule('<form><input name="q"></form>')).html)).toContain(rule);
    expect(styleOf(pruneHtml(withRule(''), { scriptWords: new Set(['input']) }).html)).toContain(rule);
  });

  test('a declaration its rule repeats word for word keeps its last copy only', () => {
    expect(
      dropRepeatedDeclarations(
        'a{color:inherit;-webkit-text-decoration:inherit;-webkit-text-decoration:inherit;text-decoration:inherit}',
      ),
    ).toBe('a{color:inherit;-webkit-text-decoration:inherit;text-decoration:inherit}');
    // A different value in between: the last copy is the one that wins, and it stays.
    expect(dropRepeatedDeclarations('b{color:red;color:blue;color:red}')).toBe('b{color:blue;color:red}');
    expect(dropRepeatedDeclarations('c{color:red!important;color:red}')).toBe('c{color:red!important;color:red}');
  });
});
