import { describe, expect, it } from 'vitest';
import { faviconDataUrl } from './favicon.ts';

describe('faviconDataUrl', () => {
  it('is the logo as an SVG data URL that survives a double-quoted attribute', () => {
    expect(faviconDataUrl.startsWith("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'")).toBe(true);
    expect(faviconDataUrl).not.toMatch(/["#]|<title>/);
    expect(decodeURIComponent(faviconDataUrl)).toContain("fill='#0f766e'");
  });
});
