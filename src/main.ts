/**
 * Server entry: `node src/main.ts` (npm start builds first when needed). Every
 * setting comes from src/server/env.ts (see docs/configuration.md).
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureAdminFromEnv } from '#features/accounts/bootstrap-admin.server.ts';
import { accountPruning } from '#features/accounts/pruning.ts';
import { isUploadRequest, UPLOAD_REQUEST_BYTES } from '#features/intake/uploads/limits.ts';
import { BUILD_INFO_FILE, originMismatch, type BuildInfo } from '#integrations/build-info.ts';
import { startBackupSchedule, type BackupSchedule } from '#server/db/backup-schedule.ts';
import { remoteBackups } from '#server/db/backup-remote.ts';
import { openDatabase } from '#server/db/client.ts';
import { startHousekeeping } from '#server/db/housekeeping.ts';
import { sendInvoiceReminders } from '#features/invoices/reminders.server.ts';
import { sendBookingReminders } from '#features/bookings/reminders.server.ts';
import { loseSilentLeads } from '#features/leads/leads.server.ts';
import { INVITE_ATTACHMENT_KIND, renderInviteAttachment } from '#features/bookings/invite-attachment.ts';
import { billDuePlans } from '#features/subscriptions/plan-billing.server.ts';
import { duePriceChanges } from '#features/subscriptions/price-changes.server.ts';
import { configuredProvider } from '#features/payments/provider.ts';
import {
  ATTACHMENT_KIND as INVOICE_ATTACHMENT,
  INVOICE_NUMBER_FILL,
  invoiceNumberFill,
  renderInvoiceAttachment,
} from '#features/invoices/attachment.server.ts';
import { appDatabase } from '#server/db/index.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { createMailer, isDevelopmentOrigin } from '#server/email/mailer.ts';
import { mailKey } from '#server/email/sealed.ts';
import { outboxPruning, startOutboxWorker } from '#server/email/outbox.ts';
import { paymentSetupProblem, serverEnv } from '#server/env.ts';
import { rateLimitPruning } from '#server/security/rate-limit.ts';
import { formOutcomePruning } from '#server/http/form-outcome.ts';
import { buildApp, type NodeHandler } from '#server/http/app.ts';
import { consoleToLog } from '#server/http/console-log.ts';
import { closeWithin } from '#server/http/shutdown.ts';
import { isClusterWorker, runPrimary, runsScheduledWork } from '#server/cluster.ts';
import { parseTrustProxy } from '#server/http/trust-proxy.ts';
import { keepServingPastBugs } from '#server/process-guard.ts';

/** Stops the start with one clear line (no stack trace) when the configuration cannot work. */
function refuseToStart(message: string): never {
  console.error(message);
  process.exit(1);
}

const env = (() => {
  try {
    return serverEnv();
  } catch (error) {
    return refuseToStart(error instanceof Error ? error.message : String(error));
  }
})();
// A public site must be able to tell every customer how to pay (invoices, their e-mails).
const paymentProblem = paymentSetupProblem(env);
if (paymentProblem) refuseToStart(paymentProblem);
const distDir = resolve(env.DIST_DIR);

const built = await readFile(join(distDir, BUILD_INFO_FILE), 'utf8').then(
  (text) => JSON.parse(text) as BuildInfo,
  () => null,
);
const mismatch = originMismatch(built, env.SITE_URL);
if (mismatch) {
  refuseToStart(
    env.SITE_URL_SET
      ? mismatch
      : `${mismatch} (SITE_URL is unset, so it follows HOST and PORT: the build and the server must see the same ones.)`,
  );
}

// The key that seals mail bodies exists before any request can write one (created on first start).
try {
  mailKey(env);
} catch (error) {
  refuseToStart(error instanceof Error ? error.message : String(error));
}

const database = appDatabase(await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN));
// Once per machine, before serving (a cluster's workers find it done): a schema change lands
// before any request can need it, and the first admin exists.
if (!isClusterWorker()) {
  await migrateDatabase(database);
  await ensureAdminFromEnv(database, env, (msg) => jsonLine(40, {}, msg)).catch((error: unknown) =>
    refuseToStart(error instanceof Error ? error.message : String(error)),
  );
}

/** How long a deploy or Ctrl-C waits for open requests before cutting them. */
const SHUTDOWN_GRACE_MS = 10_000;

// The started server is always supervised: this process serves nothing, it starts the workers
// and replaces one that dies (src/server/cluster.ts), so one fatal fault never takes the site down.
if (!isClusterWorker()) {
  database.client.close();
  keepServingPastBugs({ error: (obj, msg) => jsonLine(50, obj, msg) });
  runPrimary({
    workers: env.WEB_CONCURRENCY,
    graceMs: SHUTDOWN_GRACE_MS,
    exec: fileURLToPath(import.meta.url),
    log: { info: (obj, msg) => jsonLine(30, obj, msg), error: (obj, msg) => jsonLine(50, obj, msg) },
  });
} else {
  await serve();
}

/** Before an app (and its logger) exists: the same one-JSON-line shape as every other log line. */
function jsonLine(level: number, obj: object, msg: string) {
  const line = JSON.stringify({ level, time: Date.now(), pid: process.pid, ...obj, msg });
  if (level >= 40) console.warn(line);
  else console.log(line);
}

/** One server process: the app on the port, and the scheduled work where this process runs it. */
async function serve() {
  // React (and other libraries) pick their production build from NODE_ENV when first loaded: without
  // this the server renders with React's development build, about twice the CPU per on-demand page.
  process.env.NODE_ENV ??= 'production';
  const astro = (await import(pathToFileURL(resolve(distDir, 'server', 'entry.mjs')).href)) as { handler: NodeHandler };

  const app = await buildApp({
    distDir,
    astroHandler: astro.handler,
    https: env.SITE_URL.startsWith('https:'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logger: { level: env.LOG_LEVEL },
    operations: { database, env },
    largeBodies: [{ matches: isUploadRequest, maxBytes: UPLOAD_REQUEST_BYTES }],
  });
  // From here on every line the process writes is one JSON object, console output included.
  consoleToLog(app.log);
  // A bug in a timer or a stream callback is logged; the process keeps serving.
  keepServingPastBugs(app.log);

  if (env.RATE_LIMITS === 'off') {
    app.log.warn('RATE_LIMITS=off: rate limits are disabled. Use this only for benchmarks and test harnesses.');
  }

  const development = isDevelopmentOrigin(env.SITE_URL);
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    agencyInbox: env.AGENCY_INBOX,
    logger: app.log,
    printLinks: development,
  });
  if (mailer.mode === 'log') {
    app.log.warn(
      development
        ? 'No SMTP_URL: mail is printed to this log, links included (development setup: SITE_URL is this machine).'
        : 'No SMTP_URL: mail is printed to this log with its links redacted. Set SMTP_URL to deliver mail.',
    );
  }
  // Mail, housekeeping and backups: in one process of a cluster (src/server/cluster.ts).
  const scheduledWork = runsScheduledWork();
  const outboxWorker =
    scheduledWork &&
    startOutboxWorker(database.db, mailer, {
      error: (obj, msg) => app.log.error(obj, msg),
      // The files mail can carry, made at sending from the record they name.
      // An open invoice's PDF links its page to pay online when Stripe is configured.
      attachments: {
        [INVOICE_ATTACHMENT]: (db, id) => renderInvoiceAttachment(db, id, configuredProvider() === 'stripe'),
        [INVITE_ATTACHMENT_KIND]: renderInviteAttachment,
      },
      // An invoice mail queued in the commit that numbers the invoice names it at sending.
      fills: { [INVOICE_NUMBER_FILL]: invoiceNumberFill },
    });
  const housekeeping =
    scheduledWork &&
    startHousekeeping(
      database.client,
      [...accountPruning, rateLimitPruning, formOutcomePruning, outboxPruning, duePriceChanges],
      (obj, msg) => app.log.error(obj, msg),
      // Monthly plans billed first, so a new invoice's reminders are counted from its own dates.
      [
        (now) => billDuePlans(database, now),
        (now) => sendInvoiceReminders(database, now),
        (now) => sendBookingReminders(database, now),
        // Leads the agency wrote to LEAD_LOST_AFTER_DAYS ago with no word back are lost.
        (now) => loseSilentLeads(database, now),
      ],
    );
  // Started once listening (below); a shutdown waits for a backup in progress.
  let backups: BackupSchedule | undefined;
  app.addHook('onClose', async () => {
    if (housekeeping) housekeeping.stop();
    await backups?.stop();
    if (outboxWorker) await outboxWorker.stop();
    mailer.close();
  });
  app.log.info(
    { database: database.local ? database.url : 'remote libSQL', mail: mailer.mode, scheduledWork },
    'ready',
  );

  let shuttingDown = false;
  const shutDown = (signal: string) => {
    // Ctrl-C reaches a cluster's workers twice: from the terminal and from the primary.
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    closeWithin(app, SHUTDOWN_GRACE_MS).then(
      (outcome) => {
        if (outcome === 'forced') app.log.warn('open requests were cut after the shutdown grace period');
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => shutDown(signal));
  // A worker whose primary is gone would get no more connections: it stops too.
  if (isClusterWorker()) process.once('disconnect', () => shutDown('disconnect'));

  const listening = await app.listen({ host: env.HOST, port: env.PORT });
  // The origin of every link the server sends (e-mails, admin:create): a wrong one is found here, not in an inbox.
  app.log.info(
    { address: listening, siteUrl: env.SITE_URL },
    `Listening on ${listening}; links in e-mails point to ${env.SITE_URL}` +
      (env.SITE_URL_SET ? ' (SITE_URL)' : ' (SITE_URL unset: from HOST and PORT)'),
  );
  if (scheduledWork) backups = startBackupSchedule({ env, log: app.log, remote: remoteBackups(env) });
}
