/**
 * What scripts/critical-css.ts and scripts/on-demand-css.ts rely on in beasties beyond its
 * documented options: the shape of a compiled sheet's rules (which they rewrite), the tokens a
 * scan returns (which they extend), the pattern beasties strips pseudos with (which they copy)
 * and the postcss it brings. beasties is pinned to an exact version; when an upgrade changes any
 * of this, a test here fails and names what to re-check before moving the pin.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compileSheet } from 'beasties/compiler';
import { renderCriticalCss, scanHtml } from 'beasties/runtime';
import { describe, expect, test } from 'vitest';
import { BEASTIES_PSEUDO } from './critical-css.ts';

const beastiesManifest = new URL('../package.json', import.meta.resolve('beasties'));

describe('beasties, as the post-build uses it', () => {
  test('is installed at exactly the version package.json pins', () => {
    const pinned = (JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string> })
      .devDependencies.beasties;
    expect(pinned, 'an exact version: a range would let an upgrade in unreviewed').toMatch(/^\d+\.\d+\.\d+$/);
    const installed = (JSON.parse(readFileSync(beastiesManifest, 'utf8')) as { version: string }).version;
    expect(installed).toBe(pinned);
  });

  test('strips pseudos with the pattern critical-css.ts copies (BEASTIES_PSEUDO, balancedCondition)', () => {
    const compiler = readFileSync(new URL('./compiler.mjs', import.meta.resolve('beasties')), 'utf8');
    expect(compiler).toContain(`const removePseudoClassesAndElementsPattern = ${BEASTIES_PSEUDO};`);
  });

  test('compiles rules into the fields compileInlineSheet rewrites', () => {
    const sheet = compileSheet(
      [
        '@font-face{font-family:X;src:url(/x.woff2)}',
        '@property --tw-x{syntax:"*";inherits:false}',
        '.menu[aria-expanded=true]{display:block}',
        '.nav>.panel{color:red}',
      ].join(''),
      { allowRules: [/^:/] },
    );
    const [face, property, menu, nav] = sheet.rules;
    // Faces are kept by deleting `fontFace` and setting `always`.
    expect(face?.fontFace).toBeDefined();
    // A block at-rule kept whole ends with the ';' we strip.
    expect(property).toMatchObject({ always: true });
    expect(property?.css).toMatch(/\};$/);
    // Per-selector conditions parallel to `selectors`, with attribute names to relax.
    expect(menu?.selectors).toEqual(['.menu[aria-expanded=true]']);
    expect(menu?.match?.[0]).toMatchObject({ classes: ['menu'], attrs: ['aria-expanded'] });
    const program = (menu?.match?.[0] as { program?: { compounds: { attrs?: { name: string }[] }[] } } | undefined)
      ?.program;
    expect(program?.compounds[0]?.attrs?.[0]?.name).toBe('aria-expanded');
    // Structural selectors carry a program of compounds with their classes.
    const navMatch = nav?.match?.[0] as { program?: { compounds: { classes?: string[] }[] } } | undefined;
    expect(navMatch?.program?.compounds.map((c) => c.classes)).toEqual([['nav'], ['panel']]);
  });

  test('a scan returns token sets and program results that a render reads back (addScriptWords)', () => {
    const sheet = compileSheet('.nav>.panel{color:red}.unused{color:blue}');
    const [rule] = sheet.rules;
    const program = (rule?.match?.[0] as { program?: object } | undefined)?.program;
    const tokens = scanHtml('<div class="nav"></div>', program ? [program as never] : [], { chars: false });
    expect(tokens.classes).toBeInstanceOf(Set);
    expect(tokens.ids).toBeInstanceOf(Set);
    expect(tokens.tags).toBeInstanceOf(Set);
    expect(tokens.matchedPrograms?.get(program as never)).toBe(false);
    expect(renderCriticalCss(sheet, tokens, { keyframes: 'all' }).css).not.toContain('.panel');
    // A script may add the panel: marking the program matched keeps the rule.
    tokens.classes.add('panel');
    tokens.matchedPrograms?.set(program as never, true);
    expect(renderCriticalCss(sheet, tokens, { keyframes: 'all' }).css).toContain('.nav>.panel');
  });

  test('brings the postcss the pruning parses with', () => {
    const postcss = createRequire(import.meta.resolve('beasties'))('postcss') as typeof import('postcss').default;
    expect(postcss.parse('.a{--x:1}').first?.type).toBe('rule');
  });
});
