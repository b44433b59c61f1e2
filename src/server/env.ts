/**
 * Every run-time setting, declared once. The server entry (plain `node`), the Astro bundle,
 * the CLI scripts and the tests all read them through `serverEnv()`, which parses
 * `process.env` when first asked (so tests can point DATABASE_URL at a temp file first) and
 * fails with a message naming the variable. Build-time settings (PRICING_MODEL, OUT_DIR,
 * PUBLIC_META_PIXEL_ID) are read by src/integrations/build-settings.ts; SITE_URL is read by both.
 */
import { dirname, join } from 'node:path';
import * as z from 'zod';
import { DEFAULT_HOST, DEFAULT_PORT, localSiteUrl } from '#integrations/build-settings.ts';

export const DEFAULT_DATABASE_URL = 'file:./data/app.db';
export const DEFAULT_MAIL_FROM = 'Palmetto Web Studio <no-reply@palmettowebstudio.com>';

const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

const origin = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined; // unset: follows HOST and PORT (below)
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'must be an absolute http(s) URL such as https://example.com' });
    return z.NEVER;
  });

/** `30s`, `15m`, `1h`, `2d` as milliseconds; `off`, `0` or unset: undefined (the feature is off). */
export function parseDuration(value: string): number | undefined | Error {
  const text = value.trim().toLowerCase();
  if (text === 'off' || text === '0') return undefined;
  const match = /^(\d+)\s*(s|m|h|d)$/.exec(text);
  if (!match) return new Error('must be a duration such as 30m, 1h or 1d, or off');
  const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 's' | 'm' | 'h' | 'd'];
  const ms = Number(match[1]) * unit;
  return ms > 0 ? ms : undefined;
}

const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const parsed = parseDuration(value);
      if (parsed instanceof Error) {
        ctx.addIssue({ code: 'custom', message: parsed.message });
        return z.NEVER;
      }
      return parsed;
    });

/** `s3://bucket` or `s3://bucket/some/prefix`: object storage (S3, R2, B2, MinIO) for backups or uploads. */
const s3Url = optionalText.transform((value, ctx) => {
  if (value === undefined) return undefined;
  if (/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](?:\/[^?#]*)?$/.test(value)) return value;
  ctx.addIssue({ code: 'custom', message: 'must be s3://<bucket> or s3://<bucket>/<prefix>' });
  return z.NEVER;
});

/** A 32-byte key written as 64 hex characters or base64 (`openssl rand -hex 32`). */
export function decodeKey32(text: string): Buffer | null {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return key.length === 32 ? key : null;
}

const key32 = optionalText.transform((value, ctx) => {
  if (value === undefined || decodeKey32(value)) return value;
  ctx.addIssue({ code: 'custom', message: 'must be 32 bytes, as 64 hex characters or base64 (openssl rand -hex 32)' });
  return z.NEVER;
});

const settings = z.object({
  /** libSQL database: a local file, or libsql://, https://, ws:// for sqld/Turso. */
  DATABASE_URL: z.string().trim().min(1).default(DEFAULT_DATABASE_URL),
  /** Token for a remote libSQL server. */
  DATABASE_AUTH_TOKEN: optionalText,
  /** The committed migrations, applied at every start. */
  MIGRATIONS_DIR: z.string().default('drizzle'),
  /** The public origin: links in e-mails, Secure cookies and HSTS when https. Unset: http://HOST:PORT. */
  SITE_URL: origin,
  /** `smtp://user:pass@host:587` or `smtps://…:465`; unset: mail is printed to the log. */
  SMTP_URL: optionalText,
  /** Sender of every e-mail. */
  MAIL_FROM: optionalText.transform((v) => v ?? DEFAULT_MAIL_FROM),
  /** Seals mail bodies at rest (32 bytes, hex or base64); unset with a local database: a key file beside it. */
  MAIL_KEY: optionalText,
  /** Where contact form notifications go (default: the site's e-mail). */
  AGENCY_INBOX: optionalText,
  /** Stripe: with both set, checkout pays through Stripe Checkout; unset, orders are invoiced. */
  STRIPE_SECRET_KEY: optionalText,
  /** Signing secret of the webhook endpoint (/api/stripe/webhook) in the Stripe dashboard. */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Another Stripe API origin (a local fake in tests): `http://127.0.0.1:12111`. */
  STRIPE_API_URL: optionalText,
  /** Days from an invoice's issue to its due date. */
  INVOICE_DUE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /**
   * Bank transfer details printed on every invoice and its e-mail (account name, bank, routing and
   * account numbers; `;` starts a new line). Required on a public (https) site without Stripe.
   */
  INVOICE_BANK_DETAILS: optionalText,
  /** `off` disables rate limits, for benchmarks and test harnesses only. */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** Where the server listens. */
  HOST: z.string().default(DEFAULT_HOST),
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
  /**
   * Server processes on this machine, sharing its port (node:cluster) under one supervising
   * primary: one per core serves the most; two at least, so one keeps serving while the other is
   * replaced. Mail, housekeeping and backups run in one of them.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Which build to serve. */
  DIST_DIR: z.string().default('dist'),
  /** Behind a reverse proxy: the hop count (`1`) or the proxies' addresses. */
  TRUST_PROXY: optionalText,
  /** pino level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** At start, create this admin if missing (see docs/configuration.md). */
  ADMIN_EMAIL: optionalText,
  ADMIN_PASSWORD: optionalText,
  /** Intake uploads (outside the public folder); default: `uploads` beside a local database file. */
  UPLOADS_DIR: optionalText,
  /**
   * `s3://bucket/prefix`: uploads and attachments live in object storage instead of UPLOADS_DIR,
   * so several app servers over one database see the same files (UPLOADS_DIR then only holds
   * bodies still arriving).
   */
  UPLOADS_URL: s3Url,
  /** `npm run db:backup` and scheduled backups write here; default: `backups` beside a local database file. */
  BACKUP_DIR: optionalText,
  /** The server takes a backup this often by itself (`1h`, `6h`, `1d`); `off` (default): only on command. */
  BACKUP_EVERY: duration('off'),
  /** How many backups to keep in BACKUP_DIR (older ones are deleted after a verified new one). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(48),
  /**
   * Off-machine copies: each verified backup is encrypted with BACKUP_KEY and sent here
   * (`s3://bucket/prefix`); `npm run db:restore -- --from-bucket` brings one back.
   */
  BACKUP_URL: s3Url,
  /** Encrypts what BACKUP_URL receives (AES-256-GCM): 32 bytes, hex or base64. Keep it off the machine too. */
  BACKUP_KEY: key32,
  /** How many backups to keep in BACKUP_URL (older ones, and uploads only they held, are deleted). */
  BACKUP_REMOTE_KEEP: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Object storage for BACKUP_URL and UPLOADS_URL: another S3 API origin (R2, B2, MinIO); unset: AWS. */
  S3_ENDPOINT: origin,
  /** The bucket's region (`auto` for R2). */
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Access key; unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID, an instance role). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** /metrics answers a request carrying `Authorization: Bearer <token>`. */
  METRICS_TOKEN: optionalText,
  /** /metrics answers these client addresses without a token (comma-separated). */
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.1,::1')
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  /** /healthz fails when the oldest mail due for delivery has waited longer than this. */
  OUTBOX_STUCK_AFTER: duration('15m'),
});

/** `uploads` beside the local database file (./data/uploads by default); ./data/uploads for a remote database. */
export function defaultUploadsDir(databaseUrl: string): string {
  const path = databaseUrl.startsWith('file:') ? (databaseUrl.slice('file:'.length).split('?')[0] ?? '') : '';
  return path && path !== ':memory:' ? join(dirname(path), 'uploads') : join('data', 'uploads');
}

/** Every setting's name, as declared above (the documentation tests read it). */
export const SETTING_NAMES = Object.keys(settings.shape);

const schema = settings
  .superRefine((env, ctx) => {
    if (env.BACKUP_URL && !env.BACKUP_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['BACKUP_KEY'],
        message: 'required with BACKUP_URL (backups are encrypted before they leave the machine)',
      });
    }
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
  })
  .transform((env) => ({
    ...env,
    // The build computes the same default (src/integrations/build-settings.ts), so they agree.
    SITE_URL: env.SITE_URL ?? localSiteUrl(env.HOST, env.PORT),
    /** false when SITE_URL was unset and follows HOST and PORT (the start line says so). */
    SITE_URL_SET: env.SITE_URL !== undefined,
    UPLOADS_DIR: env.UPLOADS_DIR ?? defaultUploadsDir(env.DATABASE_URL),
    BACKUP_DIR: env.BACKUP_DIR ?? join(dirname(defaultUploadsDir(env.DATABASE_URL)), 'backups'),
  }));

export type ServerEnv = z.output<typeof schema>;

/** Stripe Checkout takes payments when both of its settings are there (docs/payments.md). */
export const stripeConfigured = (env: Pick<ServerEnv, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'>) =>
  env.STRIPE_SECRET_KEY !== undefined && env.STRIPE_WEBHOOK_SECRET !== undefined;

/**
 * Why a public server (SITE_URL on https) must not start: without Stripe every order is paid by
 * bank transfer, and an invoice without INVOICE_BANK_DETAILS cannot say where to send the money.
 * One line naming the setting; null when it can start. Local and test servers (http) may leave
 * it out.
 */
export function paymentSetupProblem(
  env: Pick<ServerEnv, 'SITE_URL' | 'INVOICE_BANK_DETAILS' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'>,
): string | null {
  if (!env.SITE_URL.startsWith('https:') || env.INVOICE_BANK_DETAILS !== undefined || stripeConfigured(env)) {
    return null;
  }
  return (
    'INVOICE_BANK_DETAILS is not set and Stripe is not configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET): ' +
    'invoices could not say how to pay. Set INVOICE_BANK_DETAILS (see docs/configuration.md).'
  );
}

/** Parses `source`; throws one message listing every bad variable. */
export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid environment: ${problems.join('; ')}`);
}

let cached: ServerEnv | undefined;

/** The process's settings, parsed on first use. */
export function serverEnv(): ServerEnv {
  cached ??= parseServerEnv(process.env);
  return cached;
}

/** Tests change process.env between cases: forget what was parsed. */
export function resetServerEnv() {
  cached = undefined;
}
