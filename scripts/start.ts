// `npm start`: build when there is no build or it is stale (scripts/build-freshness.ts), then serve it.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parseServerEnv } from '#server/env.ts';
import { staleBuild } from './build-freshness.ts';

const distDir = resolve(process.env.DIST_DIR || 'dist');
const siteUrl = (() => {
  try {
    return parseServerEnv(process.env).SITE_URL;
  } catch {
    return undefined; // the server names the bad setting when it starts
  }
})();
const stale = staleBuild({ root: process.cwd(), distDir, siteUrl });
if (stale) {
  console.log(`${stale}: building first (npm run build).`);
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, OUT_DIR: distDir } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// Loading the server takes a few seconds (longer on a busy machine): say so.
console.log('Starting the server…');
await import('../src/main.ts');
