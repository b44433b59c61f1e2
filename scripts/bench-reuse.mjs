// Lets the page-weight budgets (scripts/bench.mjs --reuse DIR) measure the build the e2e suite has
// just made instead of building the site a third time in `npm test`. A build is reused only when it
// was made with the bench's own settings, from the current sources, and its port is free to serve it
// on (a build answers only on the SITE_URL it was made for); otherwise the bench builds as before.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { staleBuild } from './build-freshness.ts';

/** The file scripts/e2e.mjs writes beside each build: the settings the build was made with. */
export const BUILD_SETTINGS_FILE = 'build-settings.json';

/** The build-time settings a page's bytes depend on (src/integrations/build-settings.ts reads them). */
export const SETTING_NAMES = ['PRICING_MODEL', 'PUBLIC_META_PIXEL_ID'];

/**
 * The effective values of SETTING_NAMES for a build run with `env` ('' when unset, as the build reads them).
 * @param {Record<string, string | undefined>} env
 */
export const effectiveSettings = (env) =>
  Object.fromEntries(SETTING_NAMES.map((name) => [name, env[name]?.trim() ?? '']));

/** @param {number} port */
const portIsFree = (port) =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * `{ dir, port }` when the build in `dir` can stand in for the bench's own build made with
 * `settings`, else null (the reason is printed).
 * @param {string} dir
 * @param {Record<string, string>} settings
 * @returns {Promise<{ dir: string, port: number } | null>}
 */
export async function reusableBuild(dir, settings) {
  /** @param {string} why */
  const refuse = (why) => {
    console.log(`bench: not reusing ${dir} (${why}); building the bench's own`);
    return null;
  };
  const recorded = join(dir, BUILD_SETTINGS_FILE);
  if (!existsSync(recorded)) return refuse(`no ${BUILD_SETTINGS_FILE}: not made by scripts/e2e.mjs`);
  const stale = staleBuild({ root: process.cwd(), distDir: dir });
  if (stale) return refuse(stale);
  const made = effectiveSettings(JSON.parse(readFileSync(recorded, 'utf8')));
  const wanted = effectiveSettings(settings);
  const differs = SETTING_NAMES.filter((name) => made[name] !== wanted[name]);
  if (differs.length) return refuse(`made with other settings: ${differs.join(', ')}`);
  const { siteUrl } = JSON.parse(readFileSync(join(dir, 'build-info.json'), 'utf8'));
  const url = new URL(siteUrl);
  const port = Number(url.port);
  if (url.hostname !== '127.0.0.1' || !port) return refuse(`made for ${siteUrl}, not a local port`);
  if (!(await portIsFree(port))) return refuse(`port ${port}, which it answers on, is taken`);
  return { dir, port };
}
