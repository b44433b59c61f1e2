import { describe, expect, it } from 'vitest';
import { states } from '#data/locations.ts';
import { stateOutlines } from '#data/state-outlines.ts';
import { insideOutline, labelPlacement, stateMap } from './state-map.ts';

describe('state maps', () => {
  it('has an outline for every state we serve, and only for those', () => {
    expect(Object.keys(stateOutlines).sort()).toEqual(states.map((s) => s.slug).sort());
  });

  it('keeps each outline a few hundred bytes', () => {
    for (const state of states) expect(stateMap(state.slug).path.length).toBeLessThan(450);
  });

  it('puts every city inside its state: in the box, inside the outline and on the map', () => {
    for (const state of states) {
      const map = stateMap(state.slug);
      for (const city of state.cities) {
        const where = `${city.name}, ${state.abbr}`;
        expect(city.lng, where).toBeGreaterThan(map.box.west);
        expect(city.lng, where).toBeLessThan(map.box.east);
        expect(city.lat, where).toBeGreaterThan(map.box.south);
        expect(city.lat, where).toBeLessThan(map.box.north);
        expect(insideOutline(state.slug, city), where).toBe(true);
        const { x, y } = map.project(city);
        expect(x, where).toBeGreaterThan(0);
        expect(x, where).toBeLessThan(map.width);
        expect(y, where).toBeGreaterThan(0);
        expect(y, where).toBeLessThan(map.height);
      }
    }
  });

  it('projects north up and west left', () => {
    const map = stateMap('florida');
    const jacksonville = map.project({ lat: 30.3322, lng: -81.6557 });
    const miami = map.project({ lat: 25.7617, lng: -80.1918 });
    const pensacola = map.project({ lat: 30.42, lng: -87.22 });
    expect(jacksonville.y).toBeLessThan(miami.y);
    expect(pensacola.x).toBeLessThan(jacksonville.x);
  });

  it('tells a point outside the outline (the Gulf of Mexico) from one inside', () => {
    expect(insideOutline('florida', { lat: 27.0, lng: -84.0 })).toBe(false);
    expect(insideOutline('texas', { lat: 31.0, lng: -99.0 })).toBe(true);
  });

  it('turns a label toward the middle of the map', () => {
    expect(labelPlacement({ width: 400 }, { x: 350, y: 100 })).toMatchObject({ anchor: 'end', x: 337 });
    expect(labelPlacement({ width: 400 }, { x: 50, y: 100 })).toMatchObject({ anchor: 'start', x: 63 });
  });
});
