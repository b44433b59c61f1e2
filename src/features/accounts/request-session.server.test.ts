import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './request-session.server.ts';

describe('return path after signing in', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeReturnPath('/admin')).toBe('/admin');
    expect(safeReturnPath('/account?tab=orders')).toBe('/account?tab=orders');
    expect(safeReturnPath('/a/../admin')).toBe('/admin');
  });

  it('refuses anything that leaves the site, however it is spelled', () => {
    for (const evil of [
      '//evil.example',
      '/.//evil.example/x',
      '/\\evil.example',
      '/%2e//evil.example',
      'https://evil.example',
      'evil',
      '',
      null,
      42,
      '/./\\/evil.example',
    ]) {
      const result = safeReturnPath(evil, '/account');
      expect(new URL(result, 'https://site.example').origin, String(evil)).toBe('https://site.example');
      expect(result.startsWith('//'), String(evil)).toBe(false);
    }
  });
});
