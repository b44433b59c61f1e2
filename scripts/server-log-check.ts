/**
 * After an e2e run (scripts/e2e.mjs): every line the servers wrote must be one JSON object,
 * and none may carry a secret the run used: the admin's and the specs' passwords, session
 * tokens, activation and reset tokens, the mail key, any secret setting. The secrets are
 * collected from the specs' source, the servers' settings and what the run left in its
 * databases (session and link ids: a token is `{id}.{secret}`, so a logged token starts
 * with its row's id and a dot).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { keyFileFor, unseal } from '#server/email/sealed.ts';

export interface Secret {
  /** What it is, shown instead of the value when a line is reported. */
  label: string;
  value: string;
  /**
   * Activation and reset tokens: the log-mode mailer prints working links on a development
   * setup (SITE_URL on this machine, as in e2e), so they may appear in that mailer's own lines.
   */
  link?: boolean;
}

/** The message of the log-mode mailer's line (src/server/email/mailer.ts). */
const MAIL_LINE = 'mail logged (no SMTP_URL)';
const TOKEN_IN_LINK = /[?&]token=([^\s&"'<>\\]+)/g;
/** The id part of a `{id}.{secret}` token (src/server/security/tokens.ts), with its dot. */
const TOKEN_ID = /[a-km-z2-9]{26}\./g;
/** Header and field names whose values must never be logged as they are. */
const CREDENTIAL_KEYS = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'currentpassword',
  'newpassword',
]);

/** Passwords typed by the specs: `password: '…'`, `PASSWORD = '…'`, `.fill('…')` on a password line. */
export function passwordsInSpecs(sources: string[]): Secret[] {
  const found = new Set<string>();
  for (const source of sources) {
    for (const match of source.matchAll(/password\w*['"]?\s*[:=]\s*(['"`])([^'"`\n$]+)\1/gi)) found.add(match[2]!);
    for (const match of source.matchAll(/password.*\.fill\((['"`])([^'"`\n$]+)\1\)/gi)) found.add(match[2]!);
  }
  // A plain word ('password', the common-password test) is everywhere in ordinary log text.
  return [...found]
    .filter((value) => value.length >= 8 && !/^[a-z]+$/i.test(value))
    .map((value) => ({ label: 'a password from the e2e specs', value }));
}

/** Values of settings whose names say they are secret (ADMIN_PASSWORD, STRIPE_SECRET_KEY, MAIL_KEY, …). */
export function secretSettings(env: Record<string, string | undefined>): Secret[] {
  return Object.entries(env)
    .filter(([name, value]) => /PASSWORD|SECRET|TOKEN|(^|_)KEY$/.test(name) && value && value.length >= 6)
    .map(([name, value]) => ({ label: name, value: value! }));
}

/** Session and link tokens the run created, and the mail key, read from an e2e database. */
export async function secretsInDatabase(databaseUrl: string): Promise<Secret[]> {
  const secrets: Secret[] = [];
  const keyFile = keyFileFor(databaseUrl);
  let key: Buffer | undefined;
  if (keyFile && existsSync(keyFile)) {
    const text = readFileSync(keyFile, 'utf8').trim();
    key = Buffer.from(text, 'base64');
    secrets.push({ label: 'the mail key', value: text });
  }
  const db = createClient({ url: databaseUrl });
  const column = async (sql: string) => {
    try {
      return (await db.execute(sql)).rows.map((row) => String(Object.values(row)[0]));
    } catch {
      return []; // a table this run never created
    }
  };
  try {
    const sessions = new Set([
      ...(await column('SELECT id FROM sessions')),
      ...(await column("SELECT entity_id FROM audit_log WHERE entity_type = 'session' AND entity_id IS NOT NULL")),
    ]);
    for (const id of sessions) secrets.push({ label: 'a session token', value: `${id}.` });
    for (const id of await column('SELECT id FROM account_tokens')) {
      secrets.push({ label: 'an account link token', value: `${id}.`, link: true });
    }
    // Mail captured by tests/e2e/checkout.spec.ts as it was written (sealed with the key above).
    if (key) {
      for (const body of await column('SELECT body FROM e2e_captured_mail')) {
        let text: string;
        try {
          text = unseal(body, key);
        } catch {
          continue;
        }
        for (const [, token] of text.matchAll(TOKEN_IN_LINK)) {
          secrets.push({ label: 'a token from a mail link', value: decodeURIComponent(token!), link: true });
        }
      }
    }
  } finally {
    db.close();
  }
  return secrets;
}

/** Tokens printed in the log-mode mailer's lines: they must not appear in any other line. */
export function tokensInMailLines(text: string): Secret[] {
  return text
    .split('\n')
    .filter((line) => line.includes(MAIL_LINE))
    .flatMap((line) => [...line.matchAll(TOKEN_IN_LINK)])
    .map(([, token]) => ({ label: 'a token from a logged mail', value: decodeURIComponent(token!), link: true }));
}

/** Credential fields logged with a value: `"cookie":"session=…"`, `"password":"…"`. */
function credentialFields(value: unknown, path = ''): string[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const here = path ? `${path}.${key}` : key;
    if (CREDENTIAL_KEYS.has(key.toLowerCase()) && typeof inner === 'string' && inner !== '' && inner !== '[redacted]') {
      return [here];
    }
    return credentialFields(inner, here);
  });
}

const redact = (line: string, secrets: Secret[]) =>
  secrets.reduce((text, { value, label }) => text.split(value).join(`[${label}]`), line).slice(0, 400);

/**
 * Lines that say a server process died (the primary replaced it) or a bug was caught and logged
 * (src/server/process-guard.ts): the site stayed up, but each is a defect the run found.
 */
const FAULT_LINE =
  /^(?:a server process stopped; starting another|(?:uncaughtException|unhandledRejection): logged, still serving)$/;

/** Problems in one server log: non-JSON lines, secrets, credential fields, faults. Each names the line (redacted). */
export function checkLog(name: string, text: string, secrets: Secret[]): string[] {
  const all = [...secrets, ...tokensInMailLines(text)];
  // Thousands of session ids: looked up by the id pattern rather than searched for one by one.
  const byId = new Map<string, Secret[]>();
  const other: Secret[] = [];
  for (const secret of all) {
    if (/^[a-km-z2-9]{26}\.$/.test(secret.value)) byId.set(secret.value, [...(byId.get(secret.value) ?? []), secret]);
    else other.push(secret);
  }
  const problems: string[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const where = `${name}:${index + 1}`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      parsed = undefined;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      problems.push(`${where} is not one JSON object: ${redact(line, all)}`);
    }
    const msg = (parsed as { msg?: unknown } | undefined)?.msg;
    if (typeof msg === 'string' && FAULT_LINE.test(msg)) {
      problems.push(`${where} says a server process died or a bug was caught: ${redact(line, all)}`);
    }
    const mailLine = msg === MAIL_LINE;
    const allowed = (secret: Secret) => !(secret.link && mailLine);
    const leaked = [
      ...other.filter((secret) => line.includes(secret.value) && allowed(secret)),
      ...[...line.matchAll(TOKEN_ID)].flatMap(([id]) => byId.get(id) ?? []).filter(allowed),
    ];
    for (const secret of new Set(leaked.map((s) => s.label))) {
      problems.push(`${where} contains ${secret}: ${redact(line, all)}`);
    }
    for (const field of credentialFields(parsed)) {
      problems.push(`${where} logs the credential field ${field}: ${redact(line, all)}`);
    }
  });
  return problems;
}

/** The spec sources of a folder of e2e tests. */
export function specSources(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(join(dir, file), 'utf8'));
}
