// `npm start`: build once if there is no build yet, then serve it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const distDir = resolve(process.env.DIST_DIR || 'dist');
if (!existsSync(resolve(distDir, 'server', 'entry.mjs'))) {
  console.log(`No build found in ${distDir}: building first (npm run build).`);
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, OUT_DIR: distDir } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import('../src/server/http/main.ts');
