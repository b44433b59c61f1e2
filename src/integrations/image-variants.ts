import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';

/**
 * Encoded image variants a fresh clone gets from the repository instead of encoding them.
 *
 * Astro encodes every width and format a page asks of astro:assets once and keeps the file in
 * its cache (<cacheDir>/assets/, named by the source's content and the transform, the same on
 * every machine). A fresh clone has no cache: a first build spent 76 s (218 s on a loaded
 * machine) encoding the portfolio screenshots, nine tenths of it on AVIF. So the AVIF variants
 * the pages use are committed in `dir` (about 1 MB): before a build they seed Astro's cache;
 * after it, `dir` holds exactly the variants that build used (new ones are added, ones no page
 * asks for any more are removed), to be committed with the change that made them.
 * WebP variants encode about seven times faster per file and weigh twice as much: they are left
 * to Astro's own cache.
 */
export function committedImageVariants({ dir, keep = /\.avif$/ }: { dir: URL; keep?: RegExp }): AstroIntegration {
  let cache: URL | undefined;
  let assets = '_astro';
  return {
    name: 'palmetto:image-variants',
    hooks: {
      'astro:config:done': ({ config }) => {
        cache = new URL('assets/', config.cacheDir);
        assets = config.build.assets;
      },
      'astro:build:start': async ({ logger }) => {
        if (!cache) return;
        await mkdir(cache, { recursive: true });
        const inCache = new Set(await readdir(cache));
        const seeded = (await names(dir)).filter((name) => !inCache.has(name));
        await Promise.all(seeded.map((name) => copyFile(new URL(name, dir), new URL(name, cache))));
        if (seeded.length > 0) logger.info(`${seeded.length} encoded image variants from ${dir.pathname}`);
      },
      'astro:build:done': async ({ dir: clientDir, logger }) => {
        if (!cache) return;
        // What Astro encoded for this build's pages: the files of its output that its cache holds.
        const encoded = new Set(await readdir(cache));
        const used = new Set(
          (await names(new URL(`${assets}/`, clientDir))).filter((name) => keep.test(name) && encoded.has(name)),
        );
        const committed = new Set(await names(dir));
        const added = [...used].filter((name) => !committed.has(name));
        const removed = [...committed].filter((name) => !used.has(name));
        if (added.length === 0 && removed.length === 0) return;
        await mkdir(dir, { recursive: true });
        await Promise.all([
          ...added.map((name) => copyFile(new URL(name, cache), new URL(name, dir))),
          ...removed.map((name) => rm(new URL(name, dir))),
        ]);
        logger.info(
          `${dir.pathname}: ${added.length} image variants added, ${removed.length} removed (commit them with your change)`,
        );
      },
    },
  };
}

/** The file names in a folder, none when it does not exist. */
async function names(dir: URL): Promise<string[]> {
  return readdir(dir).catch(() => []);
}
