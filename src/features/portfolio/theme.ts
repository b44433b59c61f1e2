/**
 * The demo template's per-project theme: CSS custom properties and heading type from the
 * project's `demo` front matter, and the link its main call to action opens.
 */
import { createHash } from 'node:crypto';

export type DemoFont = 'sans' | 'serif' | 'rounded' | 'slab' | 'fraunces' | 'bricolage';

/** System stacks first: only 'fraunces' and 'bricolage' download anything (one file each). */
export const FONT_STACKS: Record<DemoFont, string> = {
  sans: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  serif: "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, 'Liberation Serif', 'Times New Roman', serif",
  rounded: "ui-rounded, 'SF Pro Rounded', 'Arial Rounded MT', 'Nunito', 'Varela Round', system-ui, sans-serif",
  slab: "Rockwell, 'Rockwell Nova', 'Roboto Slab', 'Zilla Slab', 'DejaVu Serif', Georgia, serif",
  fraunces: "'Fraunces', 'Iowan Old Style', Georgia, serif",
  bricolage: "'Bricolage Grotesque', system-ui, sans-serif",
};

export interface DemoTheme {
  font: DemoFont;
  palette: { primary: string; accent: string; tint: string };
}

/** The theme's CSS; `fontUrl` is the self-hosted heading font's file when the font needs one. */
export function themeCss({ font, palette }: DemoTheme, fontUrl?: string): string {
  const face =
    fontUrl && (font === 'fraunces' || font === 'bricolage')
      ? `@font-face{font-family:'${font === 'fraunces' ? 'Fraunces' : 'Bricolage Grotesque'}';font-weight:700;font-display:swap;src:url(${fontUrl}) format('woff2')}`
      : '';
  // The build's critical-CSS step (scripts/critical-css.ts) drops custom properties that nothing
  // in the same <style> reads, so the theme also carries rules that read each of them, on
  // elements every layout has (html, headings), so the pruning never drops them.
  return (
    `${face}:root{--primary:${palette.primary};--accent:${palette.accent};--tint:${palette.tint};--heading:${FONT_STACKS[font]}}` +
    'html{accent-color:var(--primary);scrollbar-color:var(--accent) var(--tint)}' +
    'h1,h2,h3,.brand,.foot-brand{font-family:var(--heading)}'
  );
}

/** A CSP source for an inline <style> with this content. */
export const styleHash = (css: string) => `sha256-${createHash('sha256').update(css).digest('base64')}` as const;

/** '(407) 555-0117' → '+14075550117' */
export const e164 = (display: string) => `+1${display.replace(/\D/g, '')}`;

/** Where the main button goes: a call, a text message, or the page's request form. */
export function actionHref(kind: 'call' | 'text' | 'form', phone: string): string {
  if (kind === 'call') return `tel:${e164(phone)}`;
  if (kind === 'text') return `sms:${e164(phone)}`;
  return '#request';
}

export const casePath = (slug: string) => `/portfolio/${slug}`;
export const demoPath = (slug: string) => `/portfolio/${slug}/demo`;

/** The business's initial on its primary color, inline: the demo fetches no icon file. */
export const faviconHref = (initial: string, primary: string) =>
  // A letter or digit only: anything else could break the SVG markup.
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${primary}"/><text x="16" y="22" font-family="sans-serif" font-size="18" font-weight="700" text-anchor="middle" fill="#fff">${/^[\p{L}\p{N}]$/u.test(initial) ? initial : ''}</text></svg>`,
  )}`;
