// After `astro build`: first prune each prerendered page's inline CSS to the rules it uses
// (scripts/critical-css.mjs: it changes the pages, so it runs before they are compressed) and
// each on-demand route's (scripts/on-demand-css.mjs, applied by the server as pages are sent), then
// write .br and .gz beside every compressible static file, so the server (and any CDN) sends
// them without compressing on each request. Files compress in
// parallel on libuv's thread pool, and results are cached by content hash
// (node_modules/.cache/precompress), so a rebuild only compresses what changed.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { pruneBuild } from './critical-css.mjs';
import { pruneOnDemand } from './on-demand-css.mjs';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(html|css|js|mjs|json|xml|txt|svg|webmanifest)$/;
const MIN_BYTES = 512;
const PARALLEL = 8;
const outDir = process.env.OUT_DIR ?? 'dist';
const clientDir = resolve(outDir, 'client');
const cacheDir = resolve('node_modules', '.cache', 'precompress');
await mkdir(cacheDir, { recursive: true });
await pruneBuild({ outDir });
// On-demand pages (checkout, account, admin): a pruned stylesheet per route, swapped in as they are sent.
await pruneOnDemand({ outDir });

/** The cached compressed bytes for this content, or compress and cache them. */
async function compressed(data, kind) {
  const key = join(cacheDir, `${createHash('sha256').update(data).digest('hex')}.${kind}`);
  try {
    return { bytes: await readFile(key), cached: true };
  } catch {
    const bytes =
      kind === 'br'
        ? await brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
        : await gz(data, { level: 9 });
    await writeFile(key, bytes);
    return { bytes, cached: false };
  }
}

const files = (await readdir(clientDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
let done = 0;
let reused = 0;
let before = 0;
let after = 0;
const queue = [...files];
const started = Date.now();
async function worker() {
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const path = join(clientDir, file);
    const data = await readFile(path);
    if (data.length < MIN_BYTES) continue;
    const [br, gzipped] = await Promise.all([compressed(data, 'br'), compressed(data, 'gz')]);
    await Promise.all([writeFile(`${path}.br`, br.bytes), writeFile(`${path}.gz`, gzipped.bytes)]);
    done += 1;
    if (br.cached && gzipped.cached) reused += 1;
    before += data.length;
    after += br.bytes.length;
  }
}
await Promise.all(Array.from({ length: PARALLEL }, worker));
console.log(
  `precompress: ${done} files (${reused} from cache), ${before} bytes -> ${after} bytes brotli, ${Date.now() - started} ms`,
);
