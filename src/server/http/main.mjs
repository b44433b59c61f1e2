// @ts-check
/**
 * Server entry: `node src/server/http/main.mjs` (npm start builds first when needed).
 * HOST, PORT, DIST_DIR, SITE_URL, TRUST_PROXY and LOG_LEVEL configure it; the app's own
 * settings (DATABASE_URL, ...) are read by Astro's env schema at start.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from './app.mjs';

const distDir = resolve(process.env.DIST_DIR ?? 'dist');
const host = process.env.HOST ?? 'localhost';
const port = Number(process.env.PORT ?? 4321);
const siteUrl = process.env.SITE_URL ?? 'http://localhost:4321';

/** @type {{ handler: import('./app.mjs').NodeHandler }} */
const astro = await import(pathToFileURL(resolve(distDir, 'server', 'entry.mjs')).href);

const app = await buildApp({
  distDir,
  astroHandler: astro.handler,
  https: siteUrl.startsWith('https:'),
  trustProxy: process.env.TRUST_PROXY === 'true' ? true : process.env.TRUST_PROXY || false,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
});

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ host, port });
