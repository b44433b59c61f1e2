import type { AstroCookies } from 'astro';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { feedbackFor, keepFormOutcome, takeFormOutcome } from './form-outcome.ts';
import { defineMutation, done, fail, landing, navigate } from './mutation.ts';
import { callRoute, formOutcomeOf } from './testing/call-route.ts';

/** A browser's cookie store for one site, as far as AstroCookies goes: what one answer set, the next request sends. */
function browser() {
  const store = new Map<string, string>();
  const writes: { name: string; options: Record<string, unknown> | undefined }[] = [];
  const cookies = {
    set: (name: string, value: string, options?: Record<string, unknown>) => {
      store.set(name, value);
      writes.push({ name, options });
    },
    get: (name: string) => (store.has(name) ? { value: store.get(name) ?? '' } : undefined),
    delete: (name: string) => {
      store.delete(name);
    },
  } as unknown as AstroCookies;
  return { cookies, store, writes };
}

const encoded = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');

describe('the form outcome cookie', () => {
  it('carries a notice to the next page, HttpOnly, SameSite=Lax, for 60 s, Secure under https', () => {
    const { cookies, writes } = browser();
    keepFormOutcome(cookies, { notice: 'password-changed', secure: true });
    expect(writes).toEqual([
      {
        name: 'form_outcome',
        options: { httpOnly: true, sameSite: 'lax', path: '/', secure: true, maxAge: 60 },
      },
    ]);
    expect(takeFormOutcome(cookies, true)).toEqual({ notice: 'password-changed' });
  });

  it('is read once: a reload shows nothing', () => {
    const { cookies } = browser();
    keepFormOutcome(cookies, { notice: 'moved', secure: false });
    expect(takeFormOutcome(cookies, false)?.notice).toBe('moved');
    expect(takeFormOutcome(cookies, false)).toBeNull();
  });

  it('carries field messages and typed values to their own form only', () => {
    const { cookies } = browser();
    keepFormOutcome(cookies, {
      form: '/api/account/profile',
      notice: 'profile-invalid',
      fields: { name: ['Name is too short'] },
      raw: { name: 'J', email: 'j@example.com' },
      secure: false,
    });
    const outcome = takeFormOutcome(cookies, false);
    expect(outcome?.notice).toBe('profile-invalid');
    const profile = feedbackFor(outcome, '/api/account/profile');
    expect(profile.error('name')).toBe('Name is too short');
    expect(profile.value('email')).toBe('j@example.com');
    expect(feedbackFor(outcome, '/api/account/delete').error('name')).toBeUndefined();
    // Names from the prototype find nothing.
    expect(profile.error('constructor')).toBeUndefined();
  });

  it('never stores passwords, tokens or codes', () => {
    const { cookies, store } = browser();
    keepFormOutcome(cookies, {
      form: '/api/account/two-factor/disable',
      fields: { code: ['Wrong code'] },
      raw: {
        email: 'j@example.com',
        currentPassword: 'hunter2-secret-value',
        newPassword: 'another-secret-value',
        token: 'link-token-value',
        code: '123456',
        recoveryCode: 'abcd-efgh',
      },
      secure: false,
    });
    const raw = Buffer.from(store.get('form_outcome') ?? '', 'base64url').toString();
    for (const secret of ['hunter2', 'another-secret', 'link-token', '123456', 'abcd-efgh'])
      expect(raw).not.toContain(secret);
    expect(takeFormOutcome(cookies, false)?.values).toEqual({ email: 'j@example.com' });
  });

  it('ignores a crafted cookie: unknown keys, a notice that is no code, wrong shapes, not JSON', () => {
    for (const value of [
      encoded({ notice: 'moved', admin: true }),
      encoded({ notice: '<script>alert(1)</script>' }),
      encoded({ fields: { name: 'not a list' } }),
      encoded(['moved']),
      'not base64url json',
    ]) {
      const { cookies, store } = browser();
      store.set('form_outcome', value);
      expect(takeFormOutcome(cookies, false)).toBeNull();
      // Cleared all the same.
      expect(store.has('form_outcome')).toBe(false);
    }
  });

  it('ignores an oversized cookie, and keeps its own under a cookie size by dropping typed values first', () => {
    const { cookies, store } = browser();
    store.set('form_outcome', encoded({ notice: 'moved', values: { a: 'x'.repeat(300) } }).repeat(20));
    expect(takeFormOutcome(cookies, false)).toBeNull();

    const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`field${i}`, 'v'.repeat(300)]));
    const messages = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`field${i}`, ['m'.repeat(100)]]));
    keepFormOutcome(cookies, { form: '/api/x', notice: 'invalid', fields: messages, raw: many, secure: false });
    expect((store.get('form_outcome') ?? '').length).toBeLessThanOrEqual(3600);
    const outcome = takeFormOutcome(cookies, false);
    expect(outcome).toMatchObject({ form: '/api/x', notice: 'invalid', fields: messages });
    expect(outcome?.values).toBeUndefined();
  });

  it('sets nothing when there is nothing to say', () => {
    const { cookies, writes } = browser();
    keepFormOutcome(cookies, { form: '/api/x', secure: false });
    expect(writes).toEqual([]);
  });
});

describe('defineMutation answers with the outcome in the cookie, the location clean', () => {
  const route = defineMutation({
    access: 'public',
    schema: z.object({ name: z.string().check(z.minLength(2, 'Name is too short')), password: z.optional(z.string()) }),
    formFailure: (code) => landing('/things#new', `thing-${code}`),
    async handle({ input }) {
      if (input.name === 'taken') return fail(409, 'That name is taken', 'taken', { name: ['That name is taken'] });
      if (input.name === 'island') return navigate(landing('/things#list', 'thing-moved'), { ok: true });
      return done(landing('/things#list', 'thing-saved'), 201, { ok: true });
    },
  });
  const post = (body: Record<string, string>, form: boolean) =>
    callRoute(route, '/api/things', { body, form }).then(({ response }) => response);

  it('a plain form lands on the clean path, the notice in the cookie', async () => {
    const saved = await post({ name: 'Jo' }, true);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/things#list');
    expect(formOutcomeOf(saved)).toEqual({ notice: 'thing-saved' });
  });

  it('a refused form carries its notice, field messages and typed values (never the password) together', async () => {
    const taken = await post({ name: 'taken', password: 'hunter2-secret' }, true);
    expect(taken.headers.get('location')).toBe('/things#new');
    expect(formOutcomeOf(taken)).toEqual({
      form: '/api/things',
      notice: 'thing-taken',
      fields: { name: ['That name is taken'] },
      values: { name: 'taken' },
    });
  });

  it('a script gets JSON and no cookie, unless the island navigates: then the notice waits for the next page', async () => {
    const json = await post({ name: 'Jo' }, false);
    expect(json.status).toBe(201);
    expect(formOutcomeOf(json)).toBeNull();
    const navigating = await post({ name: 'island' }, false);
    expect(await navigating.json()).toEqual({ ok: true, location: '/things#list' });
    expect(formOutcomeOf(navigating)).toEqual({ notice: 'thing-moved' });
  });
});
