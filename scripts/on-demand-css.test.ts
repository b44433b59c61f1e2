import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { sha256Source as sha256 } from './build-hash.ts';
import { pruneForWords, pruneOnDemand, readManifest, templateWords } from './on-demand-css.ts';

const CSS = [
  '/*! tailwindcss */',
  '@layer theme{:root{--color-used:#123;--color-unused:#456}}',
  '@layer base{ol,ul{list-style:none}table{border-collapse:collapse}[type=checkbox]{margin:0}}',
  '@layer utilities{.btn{color:var(--color-used)}.btn:hover{color:red}',
  '.error-text{color:red}[aria-invalid=true].field{border-color:red}.field{border:1px}',
  '.dialog[open]{display:block}.unused{color:blue}.space-y-4>:not(:last-child){margin:1rem}}',
].join('');

describe('pruneForWords', () => {
  test('keeps every rule whose classes, tags and attributes the words name, whatever the state', () => {
    const css = pruneForWords(CSS, templateWords('<ul class="btn field dialog space-y-4"><input type="checkbox">'));
    for (const kept of [
      '.btn{',
      '.btn:hover',
      '[aria-invalid=true].field',
      '.dialog[open]',
      'ul{list-style',
      '.space-y-4>',
    ]) {
      expect(css).toContain(kept);
    }
    expect(css).toContain('[type=checkbox]');
    expect(css).toContain('--color-used');
    expect(css.startsWith('/*! tailwindcss */')).toBe(true);
    for (const dropped of ['.unused', 'table{', 'ol,', '--color-unused', '.error-text'])
      expect(css).not.toContain(dropped);
  });

  test('a class written only in a script (a message shown later) keeps its rule', () => {
    const words = templateWords('<p class="btn">');
    for (const word of templateWords("el.className = 'error-text'")) words.add(word);
    expect(pruneForWords(CSS, words)).toContain('.error-text');
  });
});

test('templateWords splits compiled markup into names', () => {
  const words = templateWords('$$render`<li class="flex gap-2"><input type="checkbox" aria-invalid=" + x + ">`');
  for (const word of ['li', 'flex', 'gap-2', 'input', 'type', 'checkbox', 'aria-invalid'])
    expect(words).toContain(word);
});

describe('pruneOnDemand', () => {
  test('writes each on-demand page its pruned stylesheet, from its module graph, in route order', async () => {
    const out = mkdtempSync(join(tmpdir(), 'on-demand-'));
    mkdirSync(join(out, 'server', 'chunks'), { recursive: true });
    mkdirSync(join(out, 'client', '_astro'), { recursive: true });
    const route = (path: string, prerender: boolean) => ({
      file: '',
      links: [],
      scripts: [],
      styles: [{ type: 'inline', content: CSS }],
      routeData: {
        route: path,
        type: 'page',
        pattern: `^\\${path}$`,
        component: `src/pages${path}.astro`,
        prerender,
      },
    });
    const manifest = {
      routes: [route('/about', true), route('/checkout', false)],
      entryModules: {
        '\u0000virtual:astro:page:src/pages/checkout@_@astro': 'chunks/checkout_1.mjs',
        '/src/checkout/Page.astro?astro&type=script&index=0&lang.ts': '_astro/Page.abc.js',
      },
      inlinedScripts: [['/src/Header.astro?astro&type=script&index=0&lang.ts', "e.classList.add('dialog')"]],
    };
    writeFileSync(
      join(out, 'server', 'entry.mjs'),
      `const x = 1;\nconst manifest = deserializeManifest(${JSON.stringify(manifest)});\nexport {};\n`,
    );
    writeFileSync(
      join(out, 'server', 'chunks', 'checkout_1.mjs'),
      'import { t } from "./layout_2.mjs";\nrenderScript("/src/checkout/Page.astro?astro&type=script&index=0&lang.ts");\nconst page = `<form class="field">`;',
    );
    writeFileSync(
      join(out, 'server', 'chunks', 'layout_2.mjs'),
      'const layout = `<header class="btn">`; renderScript("/src/Header.astro?astro&type=script&index=0&lang.ts");',
    );
    writeFileSync(join(out, 'client', '_astro', 'Page.abc.js'), 'el.className = "error-text"');
    expect(readManifest(readFileSync(join(out, 'server', 'entry.mjs'), 'utf8')).routes).toHaveLength(2);

    await pruneOnDemand({ outDir: out });
    const written = JSON.parse(readFileSync(join(out, 'on-demand-css.json'), 'utf8'));
    expect(written.sheets[sha256(CSS)]).toBe(CSS);
    expect(written.routes.map((r: { route: string }) => r.route)).toEqual(['/about', '/checkout']);
    expect(written.routes[0].styles).toBeNull();
    const css = written.routes[1].styles[sha256(CSS)];
    // The page's markup, the layout it imports, its client script and the inlined header script.
    for (const kept of ['.field{', '.btn{', '.error-text', '.dialog[open]']) expect(css).toContain(kept);
    expect(css).not.toContain('.unused');
  });
});
