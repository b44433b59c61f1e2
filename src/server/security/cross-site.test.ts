import { describe, expect, it } from 'vitest';
import { isCrossSiteRequest } from './cross-site.ts';

const url = new URL('https://www.example.com/api/contact');
const req = (method: string, headers: Record<string, string>) => new Request(url, { method, headers });

describe('cross-site request refusal', () => {
  it('refuses state-changing requests another site makes a browser send', () => {
    expect(isCrossSiteRequest(req('POST', { 'sec-fetch-site': 'cross-site' }), url)).toBe(true);
    expect(isCrossSiteRequest(req('POST', { 'sec-fetch-site': 'same-site' }), url)).toBe(true);
    expect(isCrossSiteRequest(req('DELETE', { origin: 'https://evil.example' }), url)).toBe(true);
    expect(isCrossSiteRequest(req('POST', { origin: 'http://www.example.com' }), url)).toBe(true);
  });

  it('lets same-origin and non-browser requests through, and never blocks reads', () => {
    expect(
      isCrossSiteRequest(req('POST', { 'sec-fetch-site': 'same-origin', origin: 'https://www.example.com' }), url),
    ).toBe(false);
    expect(isCrossSiteRequest(req('POST', { origin: 'https://www.example.com' }), url)).toBe(false);
    expect(isCrossSiteRequest(req('POST', {}), url)).toBe(false);
    expect(isCrossSiteRequest(req('GET', { 'sec-fetch-site': 'cross-site' }), url)).toBe(false);
  });
});
