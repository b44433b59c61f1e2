/** Our one JSON error shape: { error, fields? }, never cached. */
export function jsonError(
  status: number,
  error: string,
  extra: { fields?: Record<string, string[]>; headers?: HeadersInit } = {},
) {
  const headers = new Headers(extra.headers);
  headers.set('Cache-Control', 'no-store');
  return Response.json(extra.fields ? { error, fields: extra.fields } : { error }, { status, headers });
}

export function jsonOk(body: unknown, status = 200, headers?: HeadersInit) {
  const h = new Headers(headers);
  h.set('Cache-Control', 'no-store');
  return Response.json(body, { status, headers: h });
}

/** 303 to a same-site path: the answer to a plain HTML form post. */
export function seeOther(location: string) {
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
}

/** For `export const ALL`: any method a route does not handle gets a JSON 405 with Allow. */
export const methodNotAllowed =
  (...allowed: string[]) =>
  () =>
    jsonError(405, 'Method not allowed', { headers: { Allow: allowed.join(', ') } });

/** A whole HTML page, never cached: the answer to a plain form post that has no page to go back to. */
export function htmlPage(status: number, html: string) {
  return new Response(html, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** Plain text a person reads, never cached: a navigation's answer where a 303 has nowhere better to go. */
export function plainText(status: number, text: string, headers?: HeadersInit) {
  const h = new Headers(headers);
  h.set('Content-Type', 'text/plain; charset=utf-8');
  h.set('Cache-Control', 'no-store');
  return new Response(text, { status, headers: h });
}
