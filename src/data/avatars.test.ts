import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { team } from './team.ts';
import { testimonials } from './testimonials.ts';

// The portraits of the team and of reviewed clients (PersonAvatar.astro): files of our own,
// served from public/, small, and safe to serve as images from our origin.
const PUBLIC = fileURLToPath(new URL('../../public/', import.meta.url));
const SVG_BUDGET = 2.5 * 1024;
const PHOTO_BUDGET = 30 * 1024;

const people = [
  ...team.map((member) => ({ name: member.name, src: member.avatarSrc as string | null })),
  ...testimonials.map((t) => ({ name: t.name, src: t.avatarSrc })),
];
const pictured = people.flatMap(({ name, src }) => (src === null ? [] : [{ name, src }]));

describe('portraits of the team and of reviewed clients', () => {
  it('has a picture for everyone today, each person their own', () => {
    expect(pictured.map((p) => p.name)).toEqual(people.map((p) => p.name));
    expect(new Set(pictured.map((p) => p.src)).size).toBe(pictured.length);
  });

  it.each(pictured)('$name: a root-relative path to a file under public/, within budget', ({ src }) => {
    expect(src).toMatch(/^\/[a-z0-9/_-]+\.(svg|jpe?g|webp|avif)$/);
    const file = `${PUBLIC}${src.slice(1)}`;
    expect(existsSync(file), `${file} exists`).toBe(true);
    const bytes = statSync(file).size;
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(src.endsWith('.svg') ? SVG_BUDGET : PHOTO_BUDGET);
  });

  const drawings = pictured.filter((p) => p.src.endsWith('.svg'));
  it.each(drawings)('$name: a square SVG of them with nothing but shapes (no script, style, link or raster)', ({
    name,
    src,
  }) => {
    const svg = readFileSync(`${PUBLIC}${src.slice(1)}`, 'utf8');
    // Square, named after the person it shows (the page's <img> stays alt="": the name is beside it).
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="[\d.-]+ [\d.-]+ (\d+) \1"><title>/);
    expect(svg).toContain(`<title>${name}</title>`);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    // The namespace is the only address; references stay inside the file (url(#c)).
    expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(/https?:|\/\//i);
    expect(svg).not.toMatch(/<script|<style|style=|\son[a-z]+=|href=|<image|<foreignObject|<use|data:|<!|<\?/i);
    expect(svg).not.toMatch(/url\((?!#)/);
    expect(svg).not.toMatch(/<(metadata|desc)\b/);
  });
});
