import { describe, expect, it } from 'vitest';
import { states } from '#data/locations.ts';
import { distanceMiles, nearbyCities } from './locations.ts';

describe('location catalogue', () => {
  it('has Florida, New York and Texas with 20 uniquely slugged cities each', () => {
    expect(states.map((s) => s.slug)).toEqual(['florida', 'new-york', 'texas']);
    for (const state of states) {
      expect(state.cities).toHaveLength(20);
      expect(new Set(state.cities.map((c) => c.slug)).size).toBe(20);
      for (const city of state.cities) {
        expect(city.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(city.blurb.length).toBeGreaterThan(80);
      }
    }
  });

  it('gives every city its own copy', () => {
    const blurbs = states.flatMap((s) => s.cities.map((c) => c.blurb));
    expect(new Set(blurbs).size).toBe(blurbs.length);
  });
});

describe('nearby cities', () => {
  const florida = states.find((s) => s.slug === 'florida')!;
  const orlando = florida.cities.find((c) => c.slug === 'orlando')!;

  it('measures real distances', () => {
    const tampa = florida.cities.find((c) => c.slug === 'tampa')!;
    expect(distanceMiles(orlando, tampa)).toBeGreaterThan(70);
    expect(distanceMiles(orlando, tampa)).toBeLessThan(90);
  });

  it('lists the closest other cities, nearest first, never the city itself', () => {
    const near = nearbyCities(florida, orlando, 4);
    expect(near).toHaveLength(4);
    expect(near.map((n) => n.city.slug)).not.toContain('orlando');
    expect(near.map((n) => n.miles)).toEqual([...near.map((n) => n.miles)].sort((a, b) => a - b));
    expect(near.map((n) => n.city.slug)).toContain('winter-park');
  });
});
