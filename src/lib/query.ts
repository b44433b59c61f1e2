import { atom, onMount, type ReadableAtom } from 'nanostores';

export type QueryState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'success'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: Error };

export interface Query<T> {
  $state: ReadableAtom<QueryState<T>>;
  /** Replace the cached data (after a mutation that returns it, e.g. sign-in). */
  set(data: T): void;
}

/**
 * Server data for islands, with our rules: fetched once, when first used; never
 * retried, never refetched on window focus, never polled, never stale. It changes only
 * through `set`, after our own mutations. Islands on one page share the store.
 */
export function createQuery<T>(fetcher: () => Promise<T>): Query<T> {
  const $state = atom<QueryState<T>>({ status: 'loading', data: undefined, error: undefined });
  let started = false;
  onMount($state, () => {
    // Server renders share this module across requests: never fetch (or keep per-user data)
    // there. Stores mount even on a plain get(), so this guard is what keeps SSR at 'loading'.
    if (started || typeof window === 'undefined') return;
    started = true;
    fetcher().then(
      (data) => {
        if ($state.get().status === 'loading') $state.set({ status: 'success', data, error: undefined });
      },
      (error: unknown) => {
        if ($state.get().status === 'loading') {
          $state.set({
            status: 'error',
            data: undefined,
            error: error instanceof Error ? error : new Error(String(error)),
          });
        }
      },
    );
  });
  return {
    $state,
    set(data) {
      started = true;
      $state.set({ status: 'success', data, error: undefined });
    },
  };
}
