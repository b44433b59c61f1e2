import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { $toasts, dismissToast, TOAST_DURATION_MS } from '../../lib/stores/toast.ts';

/**
 * The page's one notification area, fed by the toast store (any island can raise a toast).
 * Radix gives the behaviour: F8 focuses the area, swipe right past 50 px dismisses,
 * each toast closes after 5 s, and screen readers hear it.
 */
export default function Toaster() {
  const toasts = useStore($toasts);
  // Nothing in the server HTML: Radix's viewport carries an inline style attribute, which
  // our CSP (hashes, no 'unsafe-inline') would refuse; styles set from script are fine.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={t.variant}
          className={`toast pointer-events-auto relative flex w-full items-start justify-between gap-4 rounded-xl border p-4 pr-10 shadow-lg ${
            t.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900'
          }`}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && (
              <ToastPrimitive.Description className="text-sm">{t.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-2 right-2 flex size-8 items-center justify-center rounded-md opacity-80 hover:opacity-100"
          >
            <svg
              aria-hidden="true"
              width="14"
              height="14"
              viewBox="0 0 14 14"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M2 2l10 10M12 2L2 12" />
            </svg>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed top-0 right-0 z-[100] flex max-h-screen w-full max-w-[420px] flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
