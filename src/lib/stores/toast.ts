import { atom } from 'nanostores';

/** One toast at a time: a new one replaces what is showing. */
export const TOAST_LIMIT = 1;
/** How long a toast shows before it closes by itself. */
export const TOAST_DURATION_MS = 5000;
/** A closed toast stays in the store this long (for its exit animation and screen readers). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** Event that mounts the Toaster island (src/components/layout/ToasterLoader.astro listens for it). */
export const TOAST_EVENT = 'palmetto:toast';

export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  open: boolean;
}

export const $toasts = atom<Toast[]>([]);

let counter = 0;
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

/** Raises a toast from any island. */
export function toast(input: { title: string; description?: string; variant?: Toast['variant'] }): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  $toasts.set(
    [
      { id, title: input.title, description: input.description, variant: input.variant ?? 'default', open: true },
      ...$toasts.get(),
    ].slice(0, TOAST_LIMIT),
  );
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(TOAST_EVENT));
  return id;
}

/** Closes a toast now and removes it from the store after TOAST_REMOVE_DELAY_MS. */
export function dismissToast(id: string) {
  $toasts.set($toasts.get().map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      $toasts.set($toasts.get().filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}
