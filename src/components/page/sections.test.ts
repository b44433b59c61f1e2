import { describe, expect, it } from 'vitest';
import { splitAtH2 } from './sections.ts';

describe('splitAtH2', () => {
  it('cuts before every h2 and keeps the text before the first as the lead', () => {
    const html = '<p>Intro</p><h2 id="a">A</h2><p>a</p><h2 id="b">B</h2><h3>b1</h3><p>b</p>';
    expect(splitAtH2(html)).toEqual([
      '<p>Intro</p>',
      '<h2 id="a">A</h2><p>a</p>',
      '<h2 id="b">B</h2><h3>b1</h3><p>b</p>',
    ]);
  });

  it('gives an empty lead when the text opens with a section, and loses nothing', () => {
    const html = '<h2>A</h2><p>a</p><h2>B</h2>';
    const parts = splitAtH2(html);
    expect(parts[0]).toBe('');
    expect(parts.join('')).toBe(html);
  });

  it('does not cut at an h3 or an element that merely starts with h2', () => {
    expect(splitAtH2('<p>x</p><h3>y</h3><h2x>z</h2x>')).toEqual(['<p>x</p><h3>y</h3><h2x>z</h2x>']);
  });
});
