/**
 * The outcome of a form post, carried to the page it lands on: the one channel for notices and
 * field messages on on-demand pages. A plain (no-JavaScript) form post is answered with a 303
 * (Post/Redirect/Get) to a clean path; the notice code ('password-changed'), the field messages
 * and what was typed (never passwords, tokens or codes) travel in a short-lived HttpOnly cookie,
 * which the page reads once (and clears) to show them in place. A JSON answer after which the
 * island navigates sets the same cookie (a fetch response's Set-Cookie applies), so the next
 * page shows the notice the same way. Prerendered pages cannot read it: they keep `?…` codes.
 */
import type { AstroCookies } from 'astro';
import * as z from 'zod';

const COOKIE = 'form_outcome';
const MAX_AGE_SECONDS = 60;
/** Well under a browser's 4 KB per cookie, with room for the name and attributes. */
const MAX_COOKIE_CHARS = 3600;
/** Fields whose value is never kept: passwords, link tokens, sign-in and recovery codes. */
const SECRET_FIELDS = /password|token|secret|recovery|^code$/i;

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
  values: z.record(z.string().max(100), z.string().max(300)).optional(),
});

const encode = (outcome: FormOutcome) => Buffer.from(JSON.stringify(outcome)).toString('base64url');

/** What was typed, without secrets, trimmed to the schema's caps. */
const keptValues = (raw: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(raw)
      .filter(([key, value]) => typeof value === 'string' && !SECRET_FIELDS.test(key))
      .slice(0, 20)
      .map(([key, value]) => [key.slice(0, 100), (value as string).slice(0, 300)]),
  );

const trimmedFields = (fields: Record<string, string[]>) =>
  Object.fromEntries(
    Object.entries(fields)
      .slice(0, 20)
      .map(([key, messages]) => [key.slice(0, 100), messages.slice(0, 5).map((m) => m.slice(0, 300))]),
  );

/**
 * Leaves `notice` and/or `fields` (with the typed values from `raw`) for the next page. Too large
 * for a cookie, it drops the typed values first, then all but each field's first message.
 */
export function keepFormOutcome(
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
) {
  const base: FormOutcome = { ...(form && { form }), ...(notice && { notice }) };
  const candidates: FormOutcome[] = fields
    ? [
        { ...base, fields: trimmedFields(fields), values: keptValues(raw) },
        { ...base, fields: trimmedFields(fields) },
        {
          ...base,
          fields: Object.fromEntries(Object.entries(trimmedFields(fields)).map(([k, m]) => [k, m.slice(0, 1)])),
        },
        base,
      ]
    : [base];
  const value = candidates.map(encode).find((encoded) => encoded.length <= MAX_COOKIE_CHARS);
  if (!value || (!notice && !fields)) return;
  cookies.set(COOKIE, value, { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: MAX_AGE_SECONDS });
}

/**
 * The outcome left for this page, read once (the cookie is cleared, so a reload shows nothing);
 * null when there is none, or it is oversized, malformed or not ours.
 */
export function takeFormOutcome(cookies: AstroCookies, secure: boolean): FormOutcome | null {
  const value = cookies.get(COOKIE)?.value;
  if (!value) return null;
  cookies.delete(COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  if (value.length > MAX_COOKIE_CHARS) return null;
  try {
    const parsed = outcomeSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Helpers for one form on a page: its first message for a field, and what was typed there. */
export function feedbackFor(outcome: FormOutcome | null, form: string) {
  const mine = outcome?.form === form ? outcome : null;
  return {
    error: (field: string) => (mine?.fields && Object.hasOwn(mine.fields, field) ? mine.fields[field]?.[0] : undefined),
    value: (field: string) => (mine?.values && Object.hasOwn(mine.values, field) ? mine.values[field] : undefined),
  };
}
