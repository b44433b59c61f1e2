/**
 * The data attributes that name a link's Meta pixel event (read by src/lib/meta-pixel.ts), or
 * none when the build has no pixel (PUBLIC_META_PIXEL_ID unset): every page would otherwise carry
 * bytes nothing reads. Spread them on the element: `<a {...pixelEvent('Lead', { ... })}>`.
 */
export function pixelEvent(
  event: string,
  params: Record<string, unknown>,
  pixelId: string | null = __META_PIXEL_ID__,
): Record<string, string> {
  if (!pixelId) return {};
  return { 'data-pixel-event': event, 'data-pixel-params': JSON.stringify(params) };
}
