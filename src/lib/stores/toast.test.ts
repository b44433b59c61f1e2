import { afterEach, describe, expect, it, vi } from 'vitest';
import { $toasts, dismissToast, toast, TOAST_REMOVE_DELAY_MS } from './toast.ts';

afterEach(() => {
  vi.useRealTimers();
  $toasts.set([]);
});

describe('toast store', () => {
  it('shows one toast at a time: a new toast replaces the current one', () => {
    toast({ title: 'First' });
    toast({ title: 'Error', description: 'Oops', variant: 'destructive' });
    expect($toasts.get()).toHaveLength(1);
    expect($toasts.get()[0]).toMatchObject({ title: 'Error', description: 'Oops', variant: 'destructive', open: true });
  });

  it('closes a dismissed toast at once and removes it after 1,000,000 ms', () => {
    vi.useFakeTimers();
    const id = toast({ title: 'Message Sent' });
    dismissToast(id);
    expect($toasts.get()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });
});
