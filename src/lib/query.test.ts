import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQuery } from './query.ts';

// Fake timers: 'never again' is checked a minute later in no time, whatever the machine's speed.
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
/** Settles what is due now: resolved fetches and timers of 0 ms. */
const flush = () => vi.advanceTimersByTimeAsync(0);
const aMinuteLater = () => vi.advanceTimersByTimeAsync(60_000);

describe('island data queries on the server', () => {
  it('never fetch during a server render, where stores are shared by every request', async () => {
    let calls = 0;
    const query = createQuery(async () => ++calls);
    query.$state.get();
    query.$state.listen(() => {});
    await flush();
    expect(calls).toBe(0);
    expect(query.$state.get().status).toBe('loading');
  });
});

describe('island data queries in the browser', () => {
  const inBrowser = () => vi.stubGlobal('window', globalThis);

  it('fetch once on first use and never again: no refetch, no polling, never stale', async () => {
    inBrowser();
    let calls = 0;
    const query = createQuery(async () => ++calls);
    expect(calls).toBe(0);
    const off = query.$state.listen(() => {});
    await flush();
    expect(query.$state.get()).toMatchObject({ status: 'success', data: 1 });
    off();
    query.$state.listen(() => {});
    globalThis.dispatchEvent?.(new Event('focus'));
    await aMinuteLater();
    expect(calls).toBe(1);
    expect(query.$state.get()).toMatchObject({ data: 1 });
  });

  it('do not retry a failed fetch', async () => {
    inBrowser();
    let calls = 0;
    const query = createQuery(async () => {
      calls += 1;
      throw new Error('503: Service Unavailable');
    });
    query.$state.listen(() => {});
    await flush();
    expect(query.$state.get()).toMatchObject({ status: 'error' });
    expect(query.$state.get().error?.message).toBe('503: Service Unavailable');
    await aMinuteLater();
    expect(calls).toBe(1);
  });

  it('take data set by a mutation, even while the first fetch is in flight', async () => {
    inBrowser();
    let resolve: (v: string) => void = () => {};
    const query = createQuery(() => new Promise<string>((r) => (resolve = r)));
    query.$state.listen(() => {});
    query.set('from sign-in');
    resolve('stale fetch');
    await flush();
    expect(query.$state.get()).toMatchObject({ status: 'success', data: 'from sign-in' });
  });
});
