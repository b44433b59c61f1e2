// After `astro build`: write .br and .gz beside every compressible static file, so the
// server (and any CDN) sends them without compressing on each request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(html|css|js|mjs|json|xml|txt|svg|webmanifest)$/;
const MIN_BYTES = 512;
const clientDir = resolve(process.env.OUT_DIR ?? 'dist', 'client');

let files = 0;
let before = 0;
let after = 0;
for (const file of await readdir(clientDir, { recursive: true })) {
  if (!COMPRESSIBLE.test(file)) continue;
  const path = join(clientDir, file);
  const data = await readFile(path);
  if (data.length < MIN_BYTES) continue;
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  await writeFile(`${path}.br`, br);
  await writeFile(`${path}.gz`, gzipSync(data, { level: 9 }));
  files += 1;
  before += data.length;
  after += br.length;
}
console.log(`precompress: ${files} files, ${before} bytes -> ${after} bytes brotli`);
