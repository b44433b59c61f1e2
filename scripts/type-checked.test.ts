import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// tsconfig.json allows JavaScript without checking it (`checkJs: false`), so `astro check` reads a
// JavaScript file's types only when the file opts in. Every one we run must.
const JAVASCRIPT = ['*', 'scripts/**/*', 'src/**/*', 'tests/**/*'].flatMap((dir) => globSync(`${dir}.{js,mjs,cjs}`));

describe('the JavaScript we run', () => {
  it('is there to look at (the globs still find the scripts)', () => {
    expect(JAVASCRIPT).toContain('scripts/e2e.mjs');
  });

  it('is type-checked: every file starts with // @ts-check', () => {
    const unchecked = JAVASCRIPT.filter((file) => !readFileSync(file, 'utf8').startsWith('// @ts-check\n'));
    expect(unchecked).toEqual([]);
  });
});
