/**
 * Field errors for forms that work without JavaScript. A plain form post that fails is
 * answered with a 303 (Post/Redirect/Get); the field messages and what was typed (never
 * passwords or tokens) travel in a short-lived cookie to the page, which shows them next to
 * the fields once and clears the cookie.
 */
import type { AstroCookies } from 'astro';
import * as z from 'zod';

const COOKIE = 'form_feedback';
const MAX_AGE_SECONDS = 60;
const SECRET_FIELDS = /password|token|secret/i;

export interface FormFeedback {
  /** The action the form posted to, e.g. '/api/login': a page with two forms shows each its own. */
  form: string;
  fields: Record<string, string[]>;
  /** What was typed, to refill the form (secrets left out). */
  values: Record<string, string>;
}

const feedbackSchema = z.object({
  form: z.string().max(200),
  fields: z.record(z.string().max(100), z.array(z.string().max(300)).max(5)),
  values: z.record(z.string().max(100), z.string().max(300)),
});

export function keepFormFeedback(
  cookies: AstroCookies,
  {
    form,
    fields,
    raw,
    secure,
  }: { form: string; fields: Record<string, string[]>; raw: Record<string, unknown>; secure: boolean },
) {
  const values = Object.fromEntries(
    Object.entries(raw)
      .filter(([key, value]) => typeof value === 'string' && !SECRET_FIELDS.test(key))
      .slice(0, 20)
      .map(([key, value]) => [key.slice(0, 100), (value as string).slice(0, 300)]),
  );
  const trimmed = Object.fromEntries(
    Object.entries(fields)
      .slice(0, 20)
      .map(([key, messages]) => [key.slice(0, 100), messages.slice(0, 5).map((m) => m.slice(0, 300))]),
  );
  const payload: FormFeedback = { form, fields: trimmed, values };
  cookies.set(COOKIE, Buffer.from(JSON.stringify(payload)).toString('base64url'), {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: MAX_AGE_SECONDS,
  });
}

/** The feedback left for this page, read once (the cookie is cleared); null when there is none or it is not ours. */
export function takeFormFeedback(cookies: AstroCookies, secure: boolean): FormFeedback | null {
  const value = cookies.get(COOKIE)?.value;
  if (!value) return null;
  cookies.delete(COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  try {
    const parsed = feedbackSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Helpers for one form on a page: its first message for a field, and what was typed there. */
export function feedbackFor(feedback: FormFeedback | null, form: string) {
  const mine = feedback?.form === form ? feedback : null;
  return {
    error: (field: string) => (mine && Object.hasOwn(mine.fields, field) ? mine.fields[field]?.[0] : undefined),
    value: (field: string) => (mine && Object.hasOwn(mine.values, field) ? mine.values[field] : undefined),
  };
}
