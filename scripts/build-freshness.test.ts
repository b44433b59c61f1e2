import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staleBuild } from './build-freshness.ts';

const HOUR = 3_600_000;
/** Sets a path's modification time to `ms` since the epoch. */
const touch = (path: string, ms: number) => utimesSync(path, ms / 1000, ms / 1000);

/** A project with sources an hour old and a build (dist/) made for `siteUrl` half an hour ago. */
function project(siteUrl = 'http://localhost:4321') {
  const root = mkdtempSync(join(tmpdir(), 'palmetto-freshness-'));
  const old = Date.now() - HOUR;
  const files = ['package.json', 'astro.config.ts', 'src/content/pages/about.md', 'public/favicon.svg'];
  for (const file of files) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), 'x');
  }
  for (const path of [...files, 'src/content/pages', 'src/content', 'src', 'public']) touch(join(root, path), old);
  const distDir = join(root, 'dist');
  mkdirSync(join(distDir, 'server'), { recursive: true });
  writeFileSync(join(distDir, 'server', 'entry.mjs'), '');
  writeFileSync(join(distDir, 'build-info.json'), JSON.stringify({ siteUrl }));
  touch(join(distDir, 'build-info.json'), Date.now() - HOUR / 2);
  return { root, distDir, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

describe('npm start never serves a stale build', () => {
  it('serves a build newer than every source', () => {
    const p = project();
    expect(staleBuild(p)).toBeNull();
    p.cleanup();
  });

  it('rebuilds when there is no build', () => {
    const p = project();
    rmSync(p.distDir, { recursive: true });
    expect(staleBuild(p)).toMatch(/^No build found/);
    p.cleanup();
  });

  it('rebuilds after a new Markdown page', () => {
    const p = project();
    writeFileSync(join(p.root, 'src/content/pages/guarantee.md'), '---\ntitle: Guarantee\n---\n');
    expect(staleBuild(p)).toMatch(/^src\/content\/pages.* changed after the last build/);
    p.cleanup();
  });

  it('rebuilds after an edit (or a git pull) of any source: a page, public/, package.json', () => {
    for (const file of ['src/content/pages/about.md', 'public/favicon.svg', 'package.json', 'astro.config.ts']) {
      const p = project();
      touch(join(p.root, file), Date.now());
      expect(staleBuild(p)).toBe(`${file} changed after the last build (${join(p.distDir, 'build-info.json')})`);
      p.cleanup();
    }
  });

  it('rebuilds after a page is deleted (its folder changed)', () => {
    const p = project();
    rmSync(join(p.root, 'src/content/pages/about.md'));
    expect(staleBuild(p)).toMatch(/^src\/content\/pages changed/);
    p.cleanup();
  });

  it('ignores tests beside the code, and rebuilds for another SITE_URL than the build was made for', () => {
    const p = project();
    writeFileSync(join(p.root, 'src/content/pages/about.test.ts'), '');
    touch(join(p.root, 'src/content/pages'), Date.now() - HOUR);
    expect(staleBuild(p)).toBeNull();
    expect(staleBuild({ ...p, siteUrl: 'http://localhost:4321' })).toBeNull();
    expect(staleBuild({ ...p, siteUrl: 'http://127.0.0.1:8080' })).toMatch(/made for SITE_URL=http:\/\/localhost:4321/);
    p.cleanup();
  });
});
