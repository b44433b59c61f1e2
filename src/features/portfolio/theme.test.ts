import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { actionHref, e164, styleHash, themeCss } from './theme.ts';

const palette = { primary: '#0f4c75', accent: '#3282b8', tint: '#f1f7fb' };

describe('demo theme', () => {
  it('declares the palette and heading stack, and reads each in the same <style>', () => {
    const css = themeCss({ font: 'serif', palette });
    expect(css).toContain(':root{--primary:#0f4c75;--accent:#3282b8;--tint:#f1f7fb;--heading:');
    // The build's critical-CSS step drops custom properties nothing in their own <style> reads.
    for (const name of ['--primary', '--accent', '--tint', '--heading']) expect(css).toContain(`var(${name})`);
    expect(css).not.toContain('@font-face');
  });

  it('self-hosts a font only for the two font choices that need a file', () => {
    expect(themeCss({ font: 'fraunces', palette }, '/_astro/f.woff2')).toMatch(
      /^@font-face\{font-family:'Fraunces';font-weight:700;font-display:swap;src:url\(\/_astro\/f\.woff2\)/,
    );
    expect(themeCss({ font: 'sans', palette }, '/_astro/f.woff2')).not.toContain('@font-face');
  });

  it('hashes the style as CSP spells it', () => {
    const css = themeCss({ font: 'sans', palette });
    expect(styleHash(css)).toBe(`sha256-${createHash('sha256').update(css).digest('base64')}`);
  });

  it('sends the main button to a call, a text message or the request form', () => {
    expect(e164('(407) 555-0117')).toBe('+14075550117');
    expect(actionHref('call', '(407) 555-0117')).toBe('tel:+14075550117');
    expect(actionHref('text', '(407) 555-0117')).toBe('sms:+14075550117');
    expect(actionHref('form', '(407) 555-0117')).toBe('#request');
  });
});
