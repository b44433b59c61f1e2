// The one step after `astro build` (npm run build), in this order:
// 1. prerendered pages keep only the inline CSS rules they use, and each route's CSP in
//    _headers.json lists only its page's own inline hashes (scripts/critical-css.ts; it changes
//    the pages, so it runs before they are compressed);
// 2. each on-demand route gets its pruned stylesheet, which the server swaps in as pages are sent
//    (scripts/on-demand-css.ts);
// 3. every compressible static file gets a .br and a .gz beside it, so the server (and any CDN)
//    sends them without compressing on each request.
// Hashes and cache keys come from scripts/build-hash.ts. Pruned pages and compressed files are
// cached (node_modules/.cache/) by their content and by the code that made them, so a rebuild
// only redoes what changed.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { contentKey } from './build-hash.ts';
import { pruneBuild } from './critical-css.ts';
import { pruneOnDemand } from './on-demand-css.ts';
import { progress } from './progress.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(html|css|js|mjs|json|xml|txt|svg|webmanifest)$/;
const MIN_BYTES = 512;
const PARALLEL = 8;
/** The encoders' settings: part of each cache key, so changing them compresses everything again. */
const ENCODINGS = {
  br: (data: Buffer) => brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gz: (data: Buffer) => gz(data, { level: 9 }),
} as const;
const SETTINGS = `br:q11 gz:9 node:${process.versions.zlib}`;

/** The cached compressed bytes for this content, or compress and cache them. */
async function compressed(cacheDir: string, data: Buffer, kind: keyof typeof ENCODINGS) {
  const key = join(cacheDir, `${contentKey(SETTINGS, kind, data)}.${kind}`);
  try {
    return { bytes: await readFile(key), cached: true };
  } catch {
    const bytes = await ENCODINGS[kind](data);
    await writeFile(key, bytes);
    return { bytes, cached: false };
  }
}

/** Write .br and .gz beside every compressible file of <outDir>/client. */
async function precompress(outDir: string) {
  const clientDir = resolve(outDir, 'client');
  const cacheDir = resolve('node_modules', '.cache', 'precompress');
  await mkdir(cacheDir, { recursive: true });
  const queue = (await readdir(clientDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
  let done = 0;
  let reused = 0;
  let before = 0;
  let after = 0;
  const started = Date.now();
  const tick = progress('precompress: files', queue.length);
  async function worker() {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const path = join(clientDir, file);
      const data = await readFile(path);
      tick();
      if (data.length < MIN_BYTES) continue;
      const [br, gzipped] = await Promise.all([compressed(cacheDir, data, 'br'), compressed(cacheDir, data, 'gz')]);
      await Promise.all([writeFile(`${path}.br`, br.bytes), writeFile(`${path}.gz`, gzipped.bytes)]);
      done += 1;
      if (br.cached && gzipped.cached) reused += 1;
      before += data.length;
      after += br.bytes.length;
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  // scripts/e2e.mjs shows this line of every build.
  console.log(
    `precompress: ${done} files (${reused} from cache), ${before} bytes -> ${after} bytes brotli, ${Date.now() - started} ms`,
  );
}

const outDir = process.env.OUT_DIR ?? 'dist';
await pruneBuild({ outDir });
await pruneOnDemand({ outDir });
await precompress(outDir);
