/**
 * Meta (Facebook) pixel, loaded only when configured, after the page is interactive,
 * and never when the browser sends Global Privacy Control. Elements opt into events
 * declaratively: data-pixel-event="Lead" data-pixel-params='{"content_name":"..."}'.
 */

type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[][]; loaded?: boolean; version?: string };

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
  interface Navigator {
    globalPrivacyControl?: boolean;
  }
}

export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';
export const PIXEL_LOAD_TIMEOUT_MS = 2000;
export const PIXEL_UNAVAILABLE_NOTE = 'Meta pixel unavailable (blocked or slow); continuing without it.';

/** Calls fbq when the pixel is active; a no-op otherwise. */
export function track(event: string, params?: Record<string, unknown>) {
  window.fbq?.('track', event, params);
}

export function parseParams(raw: string | undefined): Record<string, unknown> | undefined {
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function startMetaPixel(pixelId: string | null) {
  if (!pixelId || navigator.globalPrivacyControl === true) return;

  // The standard queueing stub: calls made before fbevents.js arrives are replayed by it.
  const queue: unknown[][] = [];
  const fbq: Fbq = (...args: unknown[]) => {
    queue.push(args);
  };
  fbq.queue = queue;
  fbq.loaded = true;
  fbq.version = '2.0';
  window.fbq ??= fbq;
  window._fbq ??= window.fbq;

  document.addEventListener('click', (event) => {
    const el = (event.target as Element | null)?.closest<HTMLElement>('[data-pixel-event]');
    const name = el?.dataset.pixelEvent;
    if (name) track(name, parseParams(el.dataset.pixelParams));
  });

  const load = () => {
    let settled = false;
    const giveUp = () => {
      if (settled) return;
      settled = true;
      console.info(PIXEL_UNAVAILABLE_NOTE);
    };
    const script = document.createElement('script');
    script.async = true;
    script.src = PIXEL_SCRIPT_URL;
    script.onload = () => {
      settled = true;
    };
    script.onerror = giveUp;
    setTimeout(giveUp, PIXEL_LOAD_TIMEOUT_MS);
    document.head.append(script);
    window.fbq?.('init', pixelId);
    window.fbq?.('track', 'PageView');
  };

  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(load, { timeout: 3000 }) : setTimeout(load, 1);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
