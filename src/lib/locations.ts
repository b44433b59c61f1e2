import { states, type City, type State } from '#data/locations.ts';

export interface CityRef {
  state: State;
  city: City;
}

const EARTH_RADIUS_MILES = 3958.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles. */
export function distanceMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h));
}

/** The `count` closest other cities in the same state, nearest first. */
export function nearbyCities(state: State, city: City, count = 4): { city: City; miles: number }[] {
  return state.cities
    .filter((other) => other.slug !== city.slug)
    .map((other) => ({ city: other, miles: Math.round(distanceMiles(city, other)) }))
    .sort((a, b) => a.miles - b.miles)
    .slice(0, count);
}

export function allCities(): CityRef[] {
  return states.flatMap((state) => state.cities.map((city) => ({ state, city })));
}
