import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { committedImageVariants } from './image-variants.ts';

const logger = { info: () => {} };

/** A project with a committed folder, Astro's cache and a build output, as file URLs. */
function project(committed: string[]) {
  const root = mkdtempSync(join(tmpdir(), 'image-variants-'));
  const url = (path: string) => pathToFileURL(join(root, path, '/'));
  for (const dir of ['variants', 'cache/assets', 'dist/client/_astro']) mkdirSync(join(root, dir), { recursive: true });
  for (const name of committed) writeFileSync(join(root, 'variants', name), name);
  const { hooks } = committedImageVariants({ dir: url('variants') });
  // The hooks take only what they read of Astro's options.
  const call = (hook: keyof typeof hooks, options: object) =>
    (hooks[hook] as unknown as (options: object) => Promise<void>)(options);
  void call('astro:config:done', { config: { cacheDir: url('cache'), build: { assets: '_astro' } } });
  return {
    list: (path: string) => readdirSync(join(root, path)).sort(),
    write: (path: string, name: string) => writeFileSync(join(root, path, name), name),
    start: () => call('astro:build:start', { logger }),
    done: () => call('astro:build:done', { dir: url('dist/client'), logger }),
  };
}

describe('committedImageVariants', () => {
  test('seeds Astro’s image cache from the committed variants before a build', async () => {
    const p = project(['desktop.abc_1.avif', 'phone.def_2.avif']);
    await p.start();
    expect(p.list('cache/assets')).toEqual(['desktop.abc_1.avif', 'phone.def_2.avif']);
  });

  test('after a build, keeps exactly the AVIF variants its pages used', async () => {
    const p = project(['desktop.abc_1.avif', 'desktop.abc_old.avif']);
    await p.start();
    // The build reused one variant, encoded a new AVIF and a WebP, and copied an original.
    p.write('cache/assets', 'desktop.abc_new.avif');
    p.write('cache/assets', 'desktop.abc_3.webp');
    for (const name of ['desktop.abc_1.avif', 'desktop.abc_new.avif', 'desktop.abc_3.webp', 'desktop.abc.avif']) {
      p.write('dist/client/_astro', name);
    }
    await p.done();
    expect(p.list('variants')).toEqual(['desktop.abc_1.avif', 'desktop.abc_new.avif']);
  });
});
