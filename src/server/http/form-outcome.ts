/**
 * The outcome of a form post, carried to the page it lands on: the one channel for notices and
 * field messages on on-demand pages. A plain (no-JavaScript) form post is answered with a 303
 * (Post/Redirect/Get) to a clean path; the page there reads the outcome once (and clears it) to
 * show it in place. A JSON answer after which the island navigates sets the same cookie (a fetch
 * response's Set-Cookie applies), so the next page shows the notice the same way. Prerendered
 * pages cannot read it: they keep `?…` codes.
 *
 * A notice alone travels in a short-lived HttpOnly cookie. Field messages and what was typed
 * (never passwords, tokens or codes) do not fit one: a 4,000-character message is more than a
 * browser keeps in a cookie, and cutting it is how typed text used to be lost. They are kept in
 * the database (`form_outcomes`, shared by every server process), encrypted with a key that only
 * the cookie holds (`r.{id}.{key}`), read once and deleted, so the database never holds what
 * was typed in a readable form and a stolen row is useless.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AstroCookies } from 'astro';
import { eq, lt } from 'drizzle-orm';
import * as z from 'zod';
import type { PruneTask } from '../db/housekeeping.ts';
import { build, getDatabase } from '../db/index.ts';
import { formOutcomes } from '../db/schema.ts';
import { randomId } from '../security/tokens.ts';

const COOKIE = 'form_outcome';
const MAX_AGE_SECONDS = 60;
/** Well under a browser's 4 KB per cookie, with room for the name and attributes. */
const MAX_COOKIE_CHARS = 3600;
/**
 * The longest value kept: above every field's own limit (the longest, a message, is 4,000
 * characters), so text within a field's limit always comes back whole, and a too-long one
 * comes back for the visitor to shorten. Request bodies are capped at 100 KB anyway.
 */
const MAX_VALUE_CHARS = 20_000;
const MAX_VALUES = 50;
/** Fields whose value is never kept: passwords, link tokens, sign-in and recovery codes. */
const SECRET_FIELDS = /password|token|secret|recovery|^code$/i;
/** A stored outcome's cookie: `r.{row id}.{base64url AES-256 key}`. */
const STORED = /^r\.([a-km-z2-9]{26})\.([A-Za-z0-9_-]{43})$/;

export interface FormOutcome {
  /** The action the form posted to, e.g. '/api/login': a page with two forms shows each its own. */
  form?: string;
  /** A notice code the page maps to its text (each feature's copy.ts: a Map, so a crafted code finds nothing). */
  notice?: string;
  /** Field messages by field name. */
  fields?: Record<string, string[]>;
  /** What was typed, to refill the form (secrets left out). */
  values?: Record<string, string>;
}

const outcomeSchema = z.strictObject({
  form: z.string().max(200).optional(),
  notice: z
    .string()
    .max(64)
    .regex(/^[a-z0-9-]+$/)
    .optional(),
  fields: z.record(z.string().max(100), z.array(z.string().max(300)).max(5)).optional(),
  values: z.record(z.string().max(100), z.string().max(MAX_VALUE_CHARS)).optional(),
});

/** What was typed, without secrets, within the caps above. */
const keptValues = (raw: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(raw)
      .filter(([key, value]) => typeof value === 'string' && !SECRET_FIELDS.test(key))
      .slice(0, MAX_VALUES)
      .map(([key, value]) => [key.slice(0, 100), (value as string).slice(0, MAX_VALUE_CHARS)]),
  );

const trimmedFields = (fields: Record<string, string[]>) =>
  Object.fromEntries(
    Object.entries(fields)
      .slice(0, 20)
      .map(([key, messages]) => [key.slice(0, 100), messages.slice(0, 5).map((m) => m.slice(0, 300))]),
  );

const inline = (outcome: FormOutcome) => Buffer.from(JSON.stringify(outcome)).toString('base64url');

function encrypt(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
}

function decrypt(stored: string, key: Buffer): string {
  const [iv = '', tag = '', body = ''] = stored.split('.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Keeps `outcome` in the database; answers the cookie value that reads it back. */
async function store(outcome: FormOutcome, now: number): Promise<string> {
  const id = randomId();
  const key = randomBytes(32);
  const { writes } = await getDatabase();
  await writes.run([
    build.insert(formOutcomes).values({
      id,
      body: encrypt(JSON.stringify(outcome), key),
      expiresAt: new Date(now + MAX_AGE_SECONDS * 1000),
    }),
  ]);
  return `r.${id}.${key.toString('base64url')}`;
}

/**
 * Leaves `notice`, `fields` and everything typed in `raw` (but secrets) for the next page. With
 * field messages or typed values the outcome is kept in the database; should that fail, the
 * cookie carries what fits (the field messages, then each field's first, then the notice alone).
 */
export async function keepFormOutcome(
  cookies: AstroCookies,
  {
    form,
    notice,
    fields,
    raw = {},
    secure,
  }: {
    form?: string;
    notice?: string;
    fields?: Record<string, string[]>;
    raw?: Record<string, unknown>;
    secure: boolean;
  },
  now = Date.now(),
): Promise<void> {
  const values = keptValues(raw);
  const typed = Object.keys(values).length > 0;
  if (!notice && !fields && !typed) return;
  const base: FormOutcome = { ...(form && { form }), ...(notice && { notice }) };
  let value: string | undefined;
  if (fields || typed) {
    const whole: FormOutcome = { ...base, ...(fields && { fields: trimmedFields(fields) }), values };
    value = await store(whole, now).catch((error: unknown) => {
      console.error(`Could not keep the outcome of ${form ?? 'a form'}: ${String(error)}`);
      return undefined;
    });
    const firsts =
      fields && Object.fromEntries(Object.entries(trimmedFields(fields)).map(([k, m]) => [k, m.slice(0, 1)]));
    value ??= [
      { ...base, ...(fields && { fields: trimmedFields(fields) }) },
      { ...base, ...(firsts && { fields: firsts }) },
      base,
    ]
      .map(inline)
      .find((encoded) => encoded.length <= MAX_COOKIE_CHARS);
  } else {
    value = inline(base);
  }
  if (!value) return;
  cookies.set(COOKIE, value, { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: MAX_AGE_SECONDS });
}

/** Reads a stored outcome once (the row is deleted as it is read); null when gone, expired or not ours. */
async function takeStored(id: string, key: string, now: number): Promise<unknown> {
  const { writes } = await getDatabase();
  const [rows] = await writes.run([
    build
      .delete(formOutcomes)
      .where(eq(formOutcomes.id, id))
      .returning({ body: formOutcomes.body, expiresAt: formOutcomes.expiresAt }),
  ]);
  const row = (rows as { body: string; expiresAt: Date | number }[] | undefined)?.[0];
  if (!row || new Date(row.expiresAt).getTime() <= now) return null;
  return JSON.parse(decrypt(row.body, Buffer.from(key, 'base64url')));
}

async function readOutcome(cookies: AstroCookies, secure: boolean, now: number): Promise<FormOutcome | null> {
  const value = cookies.get(COOKIE)?.value;
  if (!value) return null;
  cookies.delete(COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  if (value.length > MAX_COOKIE_CHARS) return null;
  try {
    const stored = STORED.exec(value);
    const payload = stored
      ? await takeStored(stored[1] ?? '', stored[2] ?? '', now)
      : JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    const parsed = outcomeSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // malformed, not ours, or the database could not answer: the page shows no feedback
  }
}

/** One reading per request: a page and the components on it see the same outcome. */
const taken = new WeakMap<AstroCookies, Promise<FormOutcome | null>>();

/**
 * The outcome left for this page, read once (the cookie is cleared and the row deleted, so a
 * reload shows nothing); null when there is none, or it is oversized, malformed or not ours.
 * Every reader in the same request (the page, a section on it) gets the same outcome.
 */
export function takeFormOutcome(cookies: AstroCookies, secure: boolean, now = Date.now()): Promise<FormOutcome | null> {
  let outcome = taken.get(cookies);
  if (!outcome) {
    outcome = readOutcome(cookies, secure, now);
    taken.set(cookies, outcome);
  }
  return outcome;
}

/** Stored outcomes nobody came back for. */
export const formOutcomePruning: PruneTask = {
  name: 'formOutcomes',
  statement: (now) => build.delete(formOutcomes).where(lt(formOutcomes.expiresAt, new Date(now))),
};

/** Helpers for one form on a page: its first message for a field, and what was typed there. */
export function feedbackFor(outcome: FormOutcome | null, form: string) {
  const mine = outcome?.form === form ? outcome : null;
  return {
    error: (field: string) => (mine?.fields && Object.hasOwn(mine.fields, field) ? mine.fields[field]?.[0] : undefined),
    value: (field: string) => (mine?.values && Object.hasOwn(mine.values, field) ? mine.values[field] : undefined),
  };
}
