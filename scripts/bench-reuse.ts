// Lets the page-weight budgets (scripts/bench.ts --reuse DIR) measure the build the e2e suite has
// just made instead of building the site a third time in `npm test`. A build is reused only when it
// was made with the bench's own settings, from the current sources, and its port is free to serve it
// on (a build answers only on the SITE_URL it was made for); otherwise the bench builds as before.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import type { BuildInfo } from '#integrations/build-info.ts';
import { staleBuild } from './build-freshness.ts';

/** The file scripts/e2e.mjs writes beside each build: the settings the build was made with. */
export const BUILD_SETTINGS_FILE = 'build-settings.json';

/** The build-time settings a page's bytes depend on (src/integrations/build-settings.ts reads them). */
export const SETTING_NAMES = ['PRICING_MODEL', 'PAYMENT_SCHEDULE', 'PUBLIC_META_PIXEL_ID'];

/** The effective values of SETTING_NAMES for a build run with `env` ('' when unset, as the build reads them). */
export const effectiveSettings = (env: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(SETTING_NAMES.map((name) => [name, env[name]?.trim() ?? '']));

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * `{ dir, port }` when the build in `dir` can stand in for the bench's own build made with
 * `settings`, else null (the reason is printed).
 */
export async function reusableBuild(
  dir: string,
  settings: Record<string, string>,
): Promise<{ dir: string; port: number } | null> {
  const refuse = (why: string) => {
    console.log(`bench: not reusing ${dir} (${why}); building the bench's own`);
    return null;
  };
  const recorded = join(dir, BUILD_SETTINGS_FILE);
  if (!existsSync(recorded)) return refuse(`no ${BUILD_SETTINGS_FILE}: not made by scripts/e2e.mjs`);
  const stale = staleBuild({ root: process.cwd(), distDir: dir });
  if (stale) return refuse(stale);
  const made = effectiveSettings(JSON.parse(readFileSync(recorded, 'utf8')) as Record<string, string>);
  const wanted = effectiveSettings(settings);
  const differs = SETTING_NAMES.filter((name) => made[name] !== wanted[name]);
  if (differs.length) return refuse(`made with other settings: ${differs.join(', ')}`);
  const { siteUrl } = JSON.parse(readFileSync(join(dir, 'build-info.json'), 'utf8')) as BuildInfo;
  const url = new URL(siteUrl);
  const port = Number(url.port);
  if (url.hostname !== '127.0.0.1' || !port) return refuse(`made for ${siteUrl}, not a local port`);
  if (!(await portIsFree(port))) return refuse(`port ${port}, which it answers on, is taken`);
  return { dir, port };
}
