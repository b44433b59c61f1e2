import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useStore } from '@nanostores/react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { $toasts, dismissToast, TOAST_DURATION_MS, type Toast } from '#lib/stores/toast.ts';

/**
 * How the area and its toasts look, set as style properties rather than the site's utility
 * classes: public pages carry only the CSS rules their own markup uses (scripts/critical-css.mjs),
 * and this island, loaded on demand, must not make every page that can raise a toast carry
 * rules for it (nor React's words). Styles set from script pass our CSP (no 'unsafe-inline').
 */
const STYLE = {
  /** At most 420 px wide, in the top right corner, over everything. */
  viewport: {
    position: 'fixed',
    top: 0,
    right: 0,
    zIndex: 100,
    display: 'flex',
    flexDirection: 'column',
    gap: '0.5rem',
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: 420,
    maxHeight: '100vh',
    margin: 0,
    padding: '1rem',
    listStyle: 'none',
    outline: 'none',
  },
  toast: {
    position: 'relative',
    display: 'flex',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: '1rem',
    padding: '1rem 2.5rem 1rem 1rem',
    borderRadius: '0.75rem',
    borderWidth: 1,
    borderStyle: 'solid',
    boxShadow: '0 10px 15px -3px rgb(0 0 0 / 0.1), 0 4px 6px -4px rgb(0 0 0 / 0.1)',
    pointerEvents: 'auto',
    // Follows the pointer while it swipes (Radix sets the property), and snaps back when let go short.
    transform: 'translateX(var(--radix-toast-swipe-move-x, 0))',
  },
  /** White on red-700 (6.5:1) for a failure; slate-900 on white otherwise. */
  destructive: { borderColor: '#b91c1c', background: '#b91c1c', color: '#fff' },
  default: { borderColor: '#e2e8f0', background: '#fff', color: '#0f172a' },
  text: { display: 'grid', gap: '0.25rem' },
  title: { fontWeight: 600 },
  description: { fontSize: '0.875rem', lineHeight: '1.25rem' },
  close: {
    position: 'absolute',
    top: '0.5rem',
    right: '0.5rem',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '2rem',
    height: '2rem',
    padding: 0,
    border: 0,
    borderRadius: '0.375rem',
    background: 'transparent',
    color: 'inherit',
    cursor: 'pointer',
  },
} satisfies Record<string, CSSProperties>;

const toastStyle = (variant: Toast['variant']): CSSProperties => ({ ...STYLE.toast, ...STYLE[variant] });

/**
 * The page's one notification area, fed by the toast store (any island or script can raise a
 * toast). Radix gives the behaviour: F8 focuses the area, swipe right past 50 px dismisses,
 * each toast closes after 5 s, and screen readers hear it. Mounted by mount-toaster.ts on the
 * first toast or F8 (ToasterLoader.astro); `focusOnMount` answers the F8 that mounted it.
 */
export default function Toaster({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const toasts = useStore($toasts);
  const viewport = useRef<HTMLOListElement>(null);
  // Nothing in the server HTML: Radix's viewport carries an inline style attribute, which
  // our CSP (hashes, no 'unsafe-inline') would refuse; styles set from script are fine.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (mounted && focusOnMount) viewport.current?.focus();
  }, [mounted, focusOnMount]);
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
          style={toastStyle(t.variant)}
        >
          <div style={STYLE.text}>
            <ToastPrimitive.Title style={STYLE.title}>{t.title}</ToastPrimitive.Title>
            {t.description && (
              <ToastPrimitive.Description style={STYLE.description}>{t.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close aria-label="Close" style={STYLE.close}>
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
      <ToastPrimitive.Viewport ref={viewport} style={STYLE.viewport} />
    </ToastPrimitive.Provider>
  );
}
