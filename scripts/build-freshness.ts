/**
 * Is the build in dist/ still the build of these sources? `npm start` asks before serving it, so a
 * new Markdown page, an edit or a `git pull` (which gives every changed file a new mtime) is never
 * served from the old build. The build's marker is dist/build-info.json, written when Astro's build
 * ends: anything that feeds the build and is newer than it means a rebuild. Only modification
 * times are read (about 600 stats, a few milliseconds): no hashing, nothing under node_modules
 * but npm's own record of the last install.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The build's marker, relative to the build folder (src/integrations/build-info.ts writes it). */
export const BUILD_MARKER = 'build-info.json';

/**
 * What the build reads, relative to the project root: folders are walked (their own mtimes count
 * too, so a deleted page is a change), missing entries are skipped.
 */
export const BUILD_SOURCES = [
  'src',
  'public',
  'astro.config.ts',
  'tsconfig.json',
  'tailwind.config.mjs',
  'package.json',
  'package-lock.json',
  // Rewritten by every `npm install` / `npm ci`: a changed dependency is a changed build.
  'node_modules/.package-lock.json',
  // The build's post-processing (npm run build).
  'scripts/post-build.ts',
  'scripts/build-hash.ts',
  'scripts/critical-css.ts',
  'scripts/on-demand-css.ts',
];

/** Tests beside the code are not part of the build: editing one needs no rebuild. */
const NOT_BUILT = /\.test\.tsx?$/;

/** The first of `sources` (under `root`) modified after `since` (ms), or null when none is. */
export function newerSource(root: string, since: number, sources: readonly string[] = BUILD_SOURCES): string | null {
  const visit = (path: string): string | null => {
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(join(root, path));
    } catch {
      return null; // not in this project (or removed meanwhile)
    }
    if (stats.mtimeMs > since) return path;
    if (!stats.isDirectory()) return null;
    for (const entry of readdirSync(join(root, path), { withFileTypes: true })) {
      if (entry.isFile() && NOT_BUILT.test(entry.name)) continue;
      const found = visit(join(path, entry.name));
      if (found) return found;
    }
    return null;
  };
  for (const source of sources) {
    const found = visit(source);
    if (found) return found;
  }
  return null;
}

/**
 * Why the build in `distDir` must be (re)made before serving, or null when it can be served:
 * there is none, a source is newer than it, or it was made for another SITE_URL than `siteUrl`
 * (the server would refuse it; building again with the same environment makes them agree).
 */
export function staleBuild({
  root,
  distDir,
  siteUrl,
}: {
  root: string;
  distDir: string;
  /** The server's SITE_URL, when the settings parse (otherwise the server reports them). */
  siteUrl?: string | undefined;
}): string | null {
  const marker = join(distDir, BUILD_MARKER);
  let builtAt: number;
  try {
    builtAt = statSync(marker).mtimeMs;
    statSync(join(distDir, 'server', 'entry.mjs'));
  } catch {
    return `No build found in ${distDir}`;
  }
  const changed = newerSource(root, builtAt);
  if (changed) return `${changed} changed after the last build (${marker})`;
  if (siteUrl) {
    let built: string | undefined;
    try {
      built = (JSON.parse(readFileSync(marker, 'utf8')) as { siteUrl?: string }).siteUrl;
    } catch {
      return `${marker} cannot be read`;
    }
    if (built && new URL(built).origin !== new URL(siteUrl).origin) {
      return `The build was made for SITE_URL=${built}, the server runs with ${siteUrl}`;
    }
  }
  return null;
}
