import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { SessionUser } from '../security/session-user.ts';
import { defineMutation, defineRead, done, fail } from './mutation.ts';
import { jsonOk } from './responses.ts';

const customer: SessionUser = { id: 'u1', name: 'Cy', email: 'cy@example.com', role: 'customer' };
const admin: SessionUser = { id: 'u2', name: 'Ad', email: 'ad@example.com', role: 'admin' };

/** A minimal Astro context: a request, its URL, locals and a cookie jar that records what was set. */
function contextFor(
  body: string | null,
  { type = 'application/json', user = null as SessionUser | null, path = '/api/thing', address = '192.0.2.1' } = {},
) {
  const url = new URL(`http://localhost${path}`);
  const set = new Map<string, string>();
  const context = {
    request: new Request(url, { method: 'POST', headers: { 'content-type': type }, body }),
    url,
    locals: { user, session: null, clientAddress: address },
    clientAddress: address,
    cookies: { set: (name: string, value: string) => set.set(name, value), get: () => undefined },
  };
  return { context: context as unknown as APIContext, cookies: set };
}

const schema = z.object({ name: z.string('Name is required').check(z.minLength(2, 'Name is too short')) });
let seen: { user: SessionUser | null; input: unknown } | null = null;
const route = (access: 'public' | 'user' | 'admin') =>
  defineMutation({
    access,
    schema,
    formFailure: (code) => `/form?error=${code}`,
    async handle({ user, input }) {
      seen = { user, input };
      if (input.name === 'taken') return fail(409, 'That name is taken', 'taken', { name: ['That name is taken'] });
      return done('/form?saved=1', 201, { ok: true });
    },
  });

const send = async (r: ReturnType<typeof route>, ...args: Parameters<typeof contextFor>) => {
  const { context, cookies } = contextFor(...args);
  const res = (await r(context)) as Response;
  return { res, cookies };
};

describe('defineMutation', () => {
  it('checks access on the server: 401 without a user, 403 for a customer on an admin route', async () => {
    seen = null;
    expect((await send(route('user'), '{"name":"Jo"}')).res.status).toBe(401);
    const forbidden = (await send(route('admin'), '{"name":"Jo"}', { user: customer })).res;
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: 'You do not have access to this' });
    expect(seen).toBeNull();
    expect((await send(route('admin'), '{"name":"Jo"}', { user: admin })).res.status).toBe(201);
    expect(seen).toEqual({ user: admin, input: { name: 'Jo' } });
  });

  it('a plain form without a user goes to sign-in, and a customer on an admin form to /', async () => {
    const form = 'application/x-www-form-urlencoded';
    const anonymous = (await send(route('user'), 'name=Jo', { type: form, path: '/api/account/x' })).res;
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/auth?next=%2Fapi%2Faccount%2Fx');
    const customerOnAdmin = (await send(route('admin'), 'name=Jo', { type: form, user: customer })).res;
    expect(customerOnAdmin.headers.get('location')).toBe('/');
  });

  it('validates JSON with field errors, and answers a form with a 303 carrying the messages and the typed values', async () => {
    const json = (await send(route('public'), '{"name":"J"}')).res;
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({
      error: 'Please correct the highlighted fields',
      fields: { name: ['Name is too short'] },
    });
    const { res, cookies } = await send(route('public'), 'name=J&password=secret-value', {
      type: 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/form?error=invalid');
    const feedback = JSON.parse(Buffer.from(cookies.get('form_feedback') ?? '', 'base64url').toString());
    expect(feedback).toEqual({ form: '/api/thing', fields: { name: ['Name is too short'] }, values: { name: 'J' } });
  });

  it("answers the handler's outcome: JSON with its status, or a 303 to the success or failure page", async () => {
    const created = (await send(route('public'), '{"name":"Jo"}')).res;
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ ok: true });
    const taken = (await send(route('public'), '{"name":"taken"}')).res;
    expect(taken.status).toBe(409);
    const form = 'application/x-www-form-urlencoded';
    expect((await send(route('public'), 'name=Jo', { type: form })).res.headers.get('location')).toBe('/form?saved=1');
    expect((await send(route('public'), 'name=taken', { type: form })).res.headers.get('location')).toBe(
      '/form?error=taken',
    );
  });

  it('takes the declared rate limits before the handler: 429 with Retry-After', async () => {
    const limited = defineMutation({
      access: 'public',
      schema,
      limits: [{ rule: { name: `mutation-test-${Date.now()}`, capacity: 1, windowMs: 60_000 }, key: 'client' }],
      formFailure: (code) => `/form?error=${code}`,
      handle: async () => done('/ok'),
    });
    expect((await send(limited, '{"name":"Jo"}')).res.status).toBe(200);
    const second = (await send(limited, '{"name":"Jo"}')).res;
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client has its own bucket.
    expect((await send(limited, '{"name":"Jo"}', { address: '192.0.2.99' })).res.status).toBe(200);
  });

  it('a handler that throws answers a JSON 500 without details', async () => {
    const broken = defineMutation({
      access: 'public',
      schema: null,
      formFailure: () => '/form?error=error',
      handle: async () => {
        throw new Error('database exploded');
      },
    });
    const quiet = console.error;
    console.error = () => {};
    const res = (await send(broken, null)).res;
    console.error = quiet;
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
  });
});

describe('defineRead', () => {
  it('checks access the same way', async () => {
    const read = defineRead({ access: 'admin', handle: () => jsonOk({ secret: 1 }) });
    expect(((await read(contextFor(null).context)) as Response).status).toBe(401);
    expect(((await read(contextFor(null, { user: customer }).context)) as Response).status).toBe(403);
    expect(((await read(contextFor(null, { user: admin }).context)) as Response).status).toBe(200);
  });
});
