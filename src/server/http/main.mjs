// @ts-check
/**
 * Server entry: `node src/server/http/main.mjs` (npm start builds first when needed).
 * HOST, PORT, DIST_DIR, SITE_URL, TRUST_PROXY and LOG_LEVEL configure it; the app's own
 * settings (DATABASE_URL, ...) are read by Astro's env schema at start.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from './app.mjs';
import { DEFAULT_DATABASE_URL, openDatabase } from '../db/client.mjs';
import { migrateDatabase } from '../db/migrate.mjs';
import { createMailer, DEFAULT_MAIL_FROM } from '../email/mailer.mjs';
import { startOutboxWorker } from '../email/outbox.mjs';
import { ensureAdmin } from '../auth/bootstrap-admin.mjs';
import { startHousekeeping } from '../db/housekeeping.mjs';

const distDir = resolve(process.env.DIST_DIR ?? 'dist');
const host = process.env.HOST ?? 'localhost';
const port = Number(process.env.PORT ?? 4321);
const siteUrl = process.env.SITE_URL ?? 'http://localhost:4321';

// Migrate before serving: a schema change lands before any request can need it.
const database = await openDatabase(process.env.DATABASE_URL || DEFAULT_DATABASE_URL, process.env.DATABASE_AUTH_TOKEN);
await migrateDatabase(database);
if (process.env.ADMIN_EMAIL) {
  await ensureAdmin(database.client, {
    email: process.env.ADMIN_EMAIL,
    password: process.env.ADMIN_PASSWORD,
    log: (msg) => console.warn(msg),
  });
}

/**
 * TRUST_PROXY: a hop count ('1' for one proxy in front: the client is the address that proxy
 * appended), or proxy addresses ('10.0.0.1,10.0.0.2'). 'true' trusts every hop, which lets a
 * client choose its own address: avoid it.
 * @param {string | undefined} value
 * @returns {boolean | string | ((address: string, hop: number) => boolean)}
 */
function parseTrustProxy(value) {
  if (!value || value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    // The hop-count rule of proxy-addr, as a function (Fastify's types omit the number form).
    return (_address, hop) => hop < hops;
  }
  return value === 'true' ? true : value;
}

/** @type {{ handler: import('./app.mjs').NodeHandler }} */
const astro = await import(pathToFileURL(resolve(distDir, 'server', 'entry.mjs')).href);

const app = await buildApp({
  distDir,
  astroHandler: astro.handler,
  https: siteUrl.startsWith('https:'),
  trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
});

if (process.env.RATE_LIMITS === 'off') {
  app.log.warn('RATE_LIMITS=off: rate limits are disabled. Use this only for benchmarks and test harnesses.');
}

const mailer = createMailer({
  smtpUrl: process.env.SMTP_URL,
  from: process.env.MAIL_FROM || DEFAULT_MAIL_FROM,
  logger: app.log,
});
const outboxWorker = startOutboxWorker(database.client, mailer, { error: (obj, msg) => app.log.error(obj, msg) });
const housekeeping = startHousekeeping(database.client, (obj, msg) => app.log.error(obj, msg));
app.addHook('onClose', async () => {
  housekeeping.stop();
  await outboxWorker.stop();
  mailer.close();
});
app.log.info({ database: database.local ? database.url : 'remote libSQL', mail: mailer.mode }, 'ready');

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
