import type { APIRoute } from 'astro';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { SessionUser } from '../security/session-user.ts';
import { takeFormOutcome } from './form-outcome.ts';
import { defineMutation, defineRead, done, fail } from './mutation.ts';
import { recordId } from './record-id.ts';
import { jsonOk } from './responses.ts';
import { routeContext } from './testing/call-route.ts';

const customer: SessionUser = { id: 'u1', name: 'Cy', email: 'cy@example.com', role: 'customer' };
const admin: SessionUser = { id: 'u2', name: 'Ad', email: 'ad@example.com', role: 'admin' };

/** A request as the host hands it over, and the cookies the route set (by name, their values). */
function contextFor(
  body: string | null,
  {
    type = 'application/json',
    user = null as SessionUser | null,
    path = '/api/thing',
    address = '192.0.2.1',
    params = {} as Record<string, string>,
    accept = undefined as string | undefined,
  } = {},
) {
  const headers: Record<string, string> = { 'content-type': type, ...(accept ? { accept } : {}) };
  const { context, jar } = routeContext(path, { body: body ?? undefined, headers, user, ip: address, params });
  return { context, values: () => new Map([...jar].map(([name, c]) => [name, c.value])) };
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

const send = async (r: APIRoute, ...args: Parameters<typeof contextFor>) => {
  const { context, values } = contextFor(...args);
  const res = (await r(context)) as Response;
  return { res, cookies: values() };
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
    const value = cookies.get('form_outcome');
    const feedback = await takeFormOutcome(
      { get: () => (value ? { value } : undefined), delete: () => {} } as never,
      false,
    );
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

describe('defineMutation: parameters, failures, pages and streamed bodies', () => {
  const FAILURES = {
    'not-found': { status: 404, error: 'No such thing' },
    locked: { status: 423, error: 'It is locked' },
    altered: { status: 400, error: 'Refused', page: '<!doctype html><title>Refused</title>' },
  };
  let handled: string | null = null;
  const thing = defineMutation({
    access: 'public',
    params: { id: recordId },
    failures: FAILURES,
    schema,
    formFailure: (code, { params }) => `/things/${params.id ?? 'none'}?error=${code}`,
    async handle({ params, input, refuse }) {
      handled = params.id;
      if (input.name === 'locked') return refuse('locked');
      if (input.name === 'altered') return refuse('altered');
      return done(`/things/${params.id}`, 200, { id: params.id });
    },
  });
  const id = 'abcdefghijkmnpqrstuvwxyz23';
  const form = 'application/x-www-form-urlencoded';

  it('a path that names no record is 404 from the table, once the body is valid: a bad body is 400 whatever the id', async () => {
    handled = null;
    const bad = (await send(thing, '{"name":"Jo"}', { params: { id: '../etc' } })).res;
    expect(bad.status).toBe(404);
    expect(await bad.json()).toEqual({ error: 'No such thing' });
    // The caller's body is checked first: the same 400 for a record that exists or not.
    const invalid = (await send(thing, '{"name":"J"}', { params: { id: '../etc' } })).res;
    expect(invalid.status).toBe(400);
    const malformed = (await send(thing, '{"name":', { params: { id: '../etc' } })).res;
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'Request body is not valid JSON' });
    const badForm = (await send(thing, 'name=Jo', { type: form, params: { id: 'X' } })).res;
    expect(badForm.headers.get('location')).toBe('/things/none?error=not-found');
    expect(handled).toBeNull();
    const ok = (await send(thing, '{"name":"Jo"}', { params: { id } })).res;
    expect(await ok.json()).toEqual({ id });
    expect(handled).toBe(id);
  });

  it('answers a refusal by its reason: status and message as JSON, the failure page or an HTML page for a form', async () => {
    const locked = (await send(thing, '{"name":"locked"}', { params: { id } })).res;
    expect(locked.status).toBe(423);
    expect(await locked.json()).toEqual({ error: 'It is locked' });
    const lockedForm = (await send(thing, 'name=locked', { type: form, params: { id } })).res;
    expect(lockedForm.status).toBe(303);
    expect(lockedForm.headers.get('location')).toBe(`/things/${id}?error=locked`);
    const page = (await send(thing, 'name=altered', { type: form, params: { id } })).res;
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toBe('<!doctype html><title>Refused</title>');
    const json = (await send(thing, '{"name":"altered"}', { params: { id } })).res;
    expect(await json.json()).toEqual({ error: 'Refused' });
  });

  it('leaves a streamed body to the handler: type and declared size checked first, JSON when asked', async () => {
    let read = '';
    const streamed = defineMutation({
      access: 'public',
      schema: null,
      stream: { types: ['text/plain'], maxBytes: 10 },
      failures: { 'too-large': { status: 413, error: 'Too big for us' } },
      formFailure: (code) => `/upload?error=${code}`,
      async handle({ context }) {
        read = await context.request.text();
        return done('/upload?done=1', 201, { read });
      },
    });
    const ok = (await send(streamed, 'hello', { type: 'text/plain', accept: 'application/json' })).res;
    expect(ok.status).toBe(201);
    expect(read).toBe('hello');
    const plain = (await send(streamed, 'hello', { type: 'text/plain' })).res;
    expect(plain.headers.get('location')).toBe('/upload?done=1');
    const wrongType = (await send(streamed, '{}', { accept: 'application/json' })).res;
    expect(wrongType.status).toBe(415);
    const big = contextFor('x'.repeat(20), { type: 'text/plain', accept: 'application/json' });
    big.context.request.headers.set('content-length', '20');
    const tooLarge = (await streamed(big.context)) as Response;
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: 'Too big for us' });
  });
});

describe('defineMutation: answer modes, availability and the query string', () => {
  /** A browser following a link: a GET without a body. */
  const follow = async (r: APIRoute, path: string, { user = null as SessionUser | null, address = '192.0.2.7' } = {}) =>
    (await r(routeContext(path, { method: 'GET', user, ip: address }).context)) as Response;

  it("answer 'json': a webhook's refusals are JSON whatever the request looks like, and it declares no formFailure", async () => {
    const hook = defineMutation({
      access: 'public',
      answer: 'json',
      schema: null,
      stream: { types: ['application/json'], maxBytes: 100 },
      failures: { unsigned: { status: 400, error: 'Missing signature' } },
      async handle({ context, refuse, form }) {
        if (!context.request.headers.get('x-signature')) return refuse('unsigned');
        return done('', 200, { received: await context.request.text(), form });
      },
    });
    const wrongType = (await send(hook, 'a=1', { type: 'application/x-www-form-urlencoded' })).res;
    expect(wrongType.status).toBe(415);
    expect(await wrongType.json()).toEqual({ error: 'Content-Type must be application/json' });
    const unsigned = (await send(hook, '{}', { type: 'application/json; charset=utf-8' })).res;
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({ error: 'Missing signature' });
    const { context } = contextFor('{"id":1}', { type: 'application/json; charset=utf-8' });
    context.request.headers.set('x-signature', 'v1');
    const signed = (await hook(context)) as Response;
    expect(await signed.json()).toEqual({ received: '{"id":1}', form: false });

    // With a schema: a form body is not JSON, so 415 as JSON instead of a form's 303.
    const jsonOnly = defineMutation({ access: 'public', answer: 'json', schema, handle: async () => done('', 204) });
    const form = (await send(jsonOnly, 'name=Jo', { type: 'application/x-www-form-urlencoded' })).res;
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ error: 'Content-Type must be application/json' });
  });

  const landing = (code: string) => `/landing?error=${code}`;

  it("answer 'navigation': every outcome is a 303, to the success's location or formFailure, errors included", async () => {
    const navigation = defineMutation({
      access: 'public',
      answer: 'navigation',
      schema: null,
      failures: { gone: { status: 410, error: 'Gone' } },
      formFailure: landing,
      async handle({ context, refuse, form }) {
        const step = context.url.searchParams.get('step');
        if (step === 'gone') return refuse('gone');
        if (step === 'throw') throw new Error('exploded');
        // Told it answers with a 303, like a plain form post.
        return done(form ? '/thanks' : '/not-a-form', 200, { ignored: true });
      },
    });
    const ok = await follow(navigation, '/return?step=ok');
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/thanks');
    const gone = await follow(navigation, '/return?step=gone');
    expect([gone.status, gone.headers.get('location')]).toEqual([303, '/landing?error=gone']);
    const quiet = console.error;
    console.error = () => {};
    const thrown = await follow(navigation, '/return?step=throw');
    console.error = quiet;
    expect([thrown.status, thrown.headers.get('location')]).toEqual([303, '/landing?error=error']);
  });

  it("answer 'navigation': a failure with `text` is a plain-text page (the 429 with Retry-After); sign-in returns with the query", async () => {
    const limited = defineMutation({
      access: 'public',
      answer: 'navigation',
      schema: null,
      limits: [{ rule: { name: `navigation-test-${Date.now()}`, capacity: 1, windowMs: 60_000 }, key: 'client' }],
      failures: { limited: { status: 429, error: 'Please wait a minute and reload this page.', text: true } },
      formFailure: landing,
      handle: async () => done('/thanks'),
    });
    expect((await follow(limited, '/return')).headers.get('location')).toBe('/thanks');
    const second = await follow(limited, '/return');
    expect(second.status).toBe(429);
    expect(second.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(second.headers.get('cache-control')).toBe('no-store');
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await second.text()).toBe('Please wait a minute and reload this page.');

    const mine = defineMutation({
      access: 'user',
      answer: 'navigation',
      schema: null,
      formFailure: landing,
      handle: async () => done('/mine'),
    });
    const signedOut = await follow(mine, '/manage?token=abc');
    expect(signedOut.headers.get('location')).toBe('/auth?next=%2Fmanage%3Ftoken%3Dabc');
    expect((await follow(mine, '/manage?token=abc', { user: customer })).headers.get('location')).toBe('/mine');
  });

  it('unavailable: its reason is answered from the table before access, parameters, body and limits', async () => {
    let open = false;
    let handled = 0;
    const gated = defineMutation({
      access: 'user',
      unavailable: () => (open ? null : 'not-configured'),
      params: { id: recordId },
      schema,
      failures: { 'not-configured': { status: 503, error: 'Payments are not set up' } },
      formFailure: (code) => `/form?error=${code}`,
      async handle() {
        handled += 1;
        return done('/ok');
      },
    });
    const closed = (await send(gated, 'not json', { params: { id: '../x' } })).res;
    expect(closed.status).toBe(503);
    expect(await closed.json()).toEqual({ error: 'Payments are not set up' });
    const closedForm = (await send(gated, 'name=Jo', { type: 'application/x-www-form-urlencoded' })).res;
    expect(closedForm.headers.get('location')).toBe('/form?error=not-configured');
    open = true;
    expect((await send(gated, '{"name":"Jo"}', { params: { id: '../x' } })).res.status).toBe(401);
    const id = 'abcdefghijkmnpqrstuvwxyz23';
    expect((await send(gated, '{"name":"Jo"}', { user: customer, params: { id } })).res.status).toBe(200);
    expect(handled).toBe(1);
  });

  it('query: the query string parsed by its schema (first value of each name), or 400 invalid before the body', async () => {
    let seenQuery: unknown = null;
    const search = defineMutation({
      access: 'public',
      query: z.object({ session_id: z.string().check(z.regex(/^cs_\w+$/, 'Not a session')) }),
      schema: null,
      formFailure: landing,
      async handle({ query }) {
        seenQuery = query;
        return done('/found', 200, { session: query.session_id });
      },
    });
    const found = (await send(search, null, { path: '/return?session_id=cs_1&session_id=cs_2&other=x' })).res;
    expect(await found.json()).toEqual({ session: 'cs_1' });
    expect(seenQuery).toEqual({ session_id: 'cs_1' });
    seenQuery = null;
    const bad = (await send(search, null, { path: '/return?session_id=nope' })).res;
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: 'Please correct the highlighted fields',
      fields: { session_id: ['Not a session'] },
    });
    const missing = (await send(search, null, { path: '/return' })).res;
    expect(missing.status).toBe(400);
    expect(seenQuery).toBeNull();
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
