import { writeFileSync } from 'node:fs';
import type { AstroIntegration } from 'astro';

export const BUILD_INFO_FILE = 'build-info.json';

export interface BuildInfo {
  /** SITE_URL at build time: canonical URLs, sitemap, CSP and Astro's trusted proxy host are baked in for it. */
  siteUrl: string;
}

/** Writes dist/build-info.json, so the server can refuse to serve a build made for another origin. */
export function buildInfo(info: BuildInfo): AstroIntegration {
  return {
    name: 'palmetto:build-info',
    hooks: {
      'astro:build:done': ({ dir }) => {
        writeFileSync(new URL(`../${BUILD_INFO_FILE}`, dir), `${JSON.stringify(info, null, 2)}\n`);
      },
    },
  };
}

/**
 * Why a server with run-time `siteUrl` must not serve a build made for `built`, or null.
 * A mismatch would issue cookies without Secure or e-mail links to the wrong origin.
 */
export function originMismatch(built: BuildInfo | null, siteUrl: string): string | null {
  if (!built) return null;
  if (new URL(built.siteUrl).origin === new URL(siteUrl).origin) return null;
  return (
    `This build was made for SITE_URL=${built.siteUrl}, but the server is starting with SITE_URL=${siteUrl}. ` +
    'Start it with the same SITE_URL, or rebuild with the new one (npm run build).'
  );
}
