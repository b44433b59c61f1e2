import { describe, expect, it } from 'vitest';
import { callRoute, formOutcomeOf } from '#server/http/testing/call-route.ts';
import { AUTH } from '../copy.ts';
import { LINK_SENT, linkRequest } from './link-request.ts';

const route = linkRequest('password_reset', '/forgot-password');
const ask = (body: Record<string, unknown>, form: boolean, ip: string) =>
  callRoute(route, '/api/password/forgot', { body, form, ip });

describe('"E-mail me a link": where the answer lands', () => {
  it('a plain form post comes back to its clean page, saying the link was sent', async () => {
    const { response } = await ask({ email: 'nobody-here@example.com' }, true, '198.51.100.41');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/forgot-password');
    expect((await formOutcomeOf(response))?.notice).toBe(LINK_SENT);
  });

  it('a bad address comes back with its message beside the field and what was typed', async () => {
    const { response } = await ask({ email: 'not-an-address' }, true, '198.51.100.42');
    expect(response.headers.get('location')).toBe('/forgot-password');
    const outcome = await formOutcomeOf(response);
    expect(outcome?.notice).toBe('invalid');
    expect(outcome?.fields?.email?.length).toBe(1);
    expect(outcome?.values?.email).toBe('not-an-address');
  });

  it('a script gets 202 and the message, with nothing left for a next page', async () => {
    const { response } = await ask({ email: 'nobody-either@example.com' }, false, '198.51.100.43');
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ message: AUTH.linkSent });
    expect(await formOutcomeOf(response)).toBeNull();
  });
});
