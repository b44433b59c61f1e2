/** For the thread tests (messages and care-plan requests): multipart posts as a user, and images. */
import type { APIRoute } from 'astro';
import sharp from 'sharp';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { callRoute } from '#server/http/testing/call-route.ts';

export const png = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();

/** POSTs a multipart form (`fields`, and `file` when given) to `handler` as `user`: JSON unless `form`. */
export async function postMultipart(
  handler: APIRoute,
  path: string,
  params: Record<string, string>,
  fields: Record<string, string>,
  user: SessionUser | null,
  options: { file?: File; form?: boolean } = {},
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (options.file) body.append('file', options.file);
  const request = new Request(`http://localhost:4321${path}`, {
    method: 'POST',
    headers: options.form ? {} : { accept: 'application/json' },
    body,
  });
  return callRoute(handler, request, { params, user, ip: '203.0.113.77' });
}
