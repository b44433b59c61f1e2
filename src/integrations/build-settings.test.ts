import { describe, expect, it } from 'vitest';
import { buildSettings } from './build-settings.ts';
import { markdownSitemapExclusions } from './sitemap-exclusions.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('build settings', () => {
  it('defaults to the custom reading on localhost with no pixel', () => {
    const s = buildSettings({});
    expect(s.pricingModel).toBe('custom');
    expect(s.siteUrl).toBe('http://localhost:4321');
    expect(s.metaPixelId).toBeNull();
    expect(s.cspScriptResources).toEqual(["'self'"]);
    expect(s.cspDirectives.join(';')).not.toContain('facebook');
    expect(s.allowedDomains).toEqual([]);
  });

  it('refuses an unknown pricing model, a malformed pixel id and a non-http SITE_URL', () => {
    expect(() => buildSettings({ PRICING_MODEL: 'cheap' })).toThrow(/PRICING_MODEL must be one of custom, flat/);
    expect(() => buildSettings({ PUBLIC_META_PIXEL_ID: 'abc' })).toThrow(/PUBLIC_META_PIXEL_ID/);
    expect(() => buildSettings({ SITE_URL: 'ftp://x' })).toThrow(/SITE_URL/);
  });

  it('allows the pixel origin in the CSP only when the pixel is configured', () => {
    const s = buildSettings({ PUBLIC_META_PIXEL_ID: '1234567890' });
    expect(s.cspScriptResources).toContain('https://connect.facebook.net');
    expect(s.cspDirectives.find((d) => d.startsWith('img-src'))).toContain('https://www.facebook.com');
  });

  it('trusts forwarded headers for its own https host and upgrades insecure requests', () => {
    const s = buildSettings({ SITE_URL: 'https://www.example.com/' });
    expect(s.siteUrl).toBe('https://www.example.com');
    expect(s.allowedDomains).toEqual([{ hostname: 'www.example.com', protocol: 'https' }]);
    expect(s.cspDirectives).toContain('upgrade-insecure-requests');
  });
});

describe('sitemap exclusions from Markdown front matter', () => {
  it('reads aliases in block and flow style, and noindex pages', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pages-'));
    writeFileSync(join(dir, 'terms-of-service.md'), '---\ntitle: T\naliases:\n  - terms\n  - "tos"\n---\nBody');
    writeFileSync(join(dir, 'promo.md'), '---\ntitle: P\naliases: [deal, offer]\nnoindex: true\n---\n');
    writeFileSync(join(dir, 'plain.md'), '---\ntitle: Plain\n---\n');
    expect(markdownSitemapExclusions(dir).sort()).toEqual(['/deal', '/offer', '/promo', '/terms', '/tos']);
  });
});
