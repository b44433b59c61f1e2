import { describe, expect, test } from 'vitest';
import { mapSelectorClasses, shortenClassNames } from './class-names.mjs';

const CSS = [
  '@layer components{.card{padding:1rem}.card .text-sm{color:red}}',
  '@layer utilities{.text-sm{font-size:.875rem}.hidden{display:none}.w-\\[26rem\\]{width:26rem}',
  '@media (width>=40rem){.sm\\:text-xl{font-size:1.25rem}}.\\32 xl\\:p-4{padding:1rem}',
  '.group-open\\:rotate-180:is(:where(.group):is([open]) *){rotate:180deg}',
  '.mt-2[data-x=".mt-2"]{margin-top:.5rem}.animate-in{animation:in 1s}}',
  '@keyframes in{0%{opacity:0}12.5%{opacity:.5}}',
].join('');

const page = (body: string, css = CSS) => `<html><head><style>${css}</style></head><body>${body}</body></html>`;
const styleOf = (html: string) => /<style>([\s\S]*)<\/style>/.exec(html)?.[1] ?? '';
const classesOf = (html: string, id: string) => new RegExp(`id="${id}" class="([^"]*)"`).exec(html)?.[1]?.split(' ');

describe('mapSelectorClasses', () => {
  test('finds classes with escapes, and none inside attribute selectors or strings', () => {
    const seen: string[] = [];
    mapSelectorClasses('.sm\\:text-xl>.\\32 xl\\:p-4 a[href$=".pdf"]:not(.x)', (name: string) => {
      seen.push(name);
      return undefined;
    });
    expect(seen).toEqual(['sm:text-xl', '2xl:p-4', 'x']);
    expect(mapSelectorClasses('.w-\\[26rem\\] .keep', (n: string) => (n === 'w-[26rem]' ? 'a' : undefined))).toBe(
      '.a .keep',
    );
  });
});

describe('shortenClassNames', () => {
  test('renames utilities in markup and selectors alike; component classes and keyframes stay', () => {
    const html = page(
      '<details id="d" class="group card"><summary id="s" class="text-sm sm:text-xl 2xl:p-4 w-[26rem] group-open:rotate-180 mt-2">Hi</summary></details>',
    );
    const out = shortenClassNames(html);
    const css = styleOf(out);
    const summary = classesOf(out, 's') ?? [];
    const details = classesOf(out, 'd') ?? [];
    expect(details[1]).toBe('card');
    expect(css).toContain('.card{padding:1rem}');
    // Every short name is used by the markup and the stylesheet, and the original names are gone.
    for (const name of [...summary, details[0]]) {
      expect(name).toMatch(/^[a-z][a-z0-9]*$/);
      expect(css).toContain(`.${name}`);
    }
    for (const long of ['text-sm', 'sm\\:text-xl', '2xl', 'w-\\[26rem\\]', 'group-open']) {
      expect(css).not.toContain(`.${long}{`);
    }
    const textSm = /\.([a-z0-9]+)\{font-size:\.875rem\}/.exec(css)?.[1];
    expect(summary).toContain(textSm);
    expect(css).toContain(`.card .${textSm}{color:red}`);
    // The attribute selector's value and the keyframes' 12.5% are not classes.
    expect(css).toContain('[data-x=".mt-2"]');
    expect(css).toContain('12.5%{opacity:.5}');
    expect(out.length).toBeLessThan(html.length);
    // A page already shortened is left as it is (a second build step over the same files).
    expect(shortenClassNames(out)).toBe(out);
  });

  test('keeps names that scripts write or islands receive as props, and markup inside scripts', () => {
    const html = page(
      '<p id="p" class="hidden text-sm">x</p><astro-island props="{&quot;className&quot;:[0,&quot;mt-2&quot;]}"><p id="q" class="mt-2 sm:text-xl">y</p></astro-island><script>document.body.innerHTML = \'<b class="text-sm">\'</script>',
    );
    const out = shortenClassNames(html, { keep: new Set(['hidden']) });
    expect(classesOf(out, 'p')).toContain('hidden');
    expect(classesOf(out, 'p')).not.toContain('text-sm');
    expect(classesOf(out, 'q')).toContain('mt-2');
    expect(classesOf(out, 'q')).not.toContain('sm:text-xl');
    expect(out).toContain('<b class="text-sm">');
    expect(styleOf(out)).toContain('.hidden{display:none}');
  });

  test('never hands out a name a class on the page already has', () => {
    const css = '@layer utilities{.text-sm{font-size:1px}}.a{color:red}.b{color:blue}';
    const out = shortenClassNames(page('<p id="p" class="text-sm a b">x</p>', css));
    expect(classesOf(out, 'p')).toEqual(['c', 'a', 'b']);
  });

  test('orders each element’s classes by how often the page uses them, kept names last', () => {
    const css = '@layer utilities{.text-sm{font-size:1px}.mt-2{margin-top:2px}.flex{display:flex}}';
    const out = shortenClassNames(
      page('<p id="p" class="card mt-2 text-sm flex">x</p><p class="flex text-sm">y</p><p class="flex">z</p>', css),
    );
    // flex (3 uses) got the first name, text-sm (2) the second, mt-2 (1) the third.
    expect(classesOf(out, 'p')).toEqual(['a', 'b', 'c', 'card']);
  });
});
