/**
 * An order's Messages: POST /api/account/orders/{id}/messages (its customer) and
 * POST /api/admin/orders/{id}/messages (an admin); GET /api/account/messages/files/{id} serves
 * a message's image to the thread's customer and to admins, anyone else gets a 404.
 */
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Db } from '#server/db/index.ts';
import { orders, users } from '#server/db/schema.ts';
import { API_ERRORS } from '#server/http/copy.ts';
import { defineRead } from '#server/http/mutation.ts';
import { recordId } from '#server/http/record-id.ts';
import { jsonError } from '#server/http/responses.ts';
import { orderShown, ownsOrder } from '#features/accounts/ownership.server.ts';
import { orderNumber } from '#features/orders/order-number.ts';
import { contentDisposition, downloadName, openStored } from '#features/intake/uploads/uploads.server.ts';
import { MESSAGES } from '../copy.ts';
import { agencyOrderPath, customerOrderPath } from '../paths.ts';
import { attachmentForViewer } from '../threads.server.ts';
import { threadPostRoute, type ThreadTarget } from './thread-post.ts';

/** The order's thread target for `viewer`: its own customer, or an admin; null for anyone else. */
export async function orderThreadTarget(
  db: Db,
  orderId: string,
  viewer: { id: string; role: string },
): Promise<ThreadTarget | null> {
  const [row] = await db
    .select({
      id: orders.id,
      customerId: users.id,
      name: users.name,
      email: users.email,
      shown: sql`(${orderShown})`.mapWith(Boolean),
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(viewer.role === 'admin' ? eq(orders.id, orderId) : and(eq(orders.id, orderId), ownsOrder(viewer.id)));
  if (!row) return null;
  return {
    subject: { orderId: row.id },
    customerId: row.customerId,
    customerName: row.name,
    customerEmail: row.email,
    what: `order ${orderNumber(row.id)}`,
    customerPath: customerOrderPath(row.id),
    agencyPath: agencyOrderPath(row.id),
    entity: { type: 'order', id: row.id },
    customerSees: row.shown,
  };
}

export const postCustomerOrderMessage = threadPostRoute({
  access: 'user',
  side: 'customer',
  home: '/account',
  pathOf: customerOrderPath,
  // The customer's own order only, even for an admin signed in as one (they use the admin page).
  find: (db, id, user) => orderThreadTarget(db, id, { id: user.id, role: 'customer' }),
});

export const postAgencyOrderMessage = threadPostRoute({
  access: 'admin',
  side: 'agency',
  home: '/admin/orders',
  pathOf: agencyOrderPath,
  find: (db, id, user) => orderThreadTarget(db, id, user),
});

const sizeQuery = z.object({ size: z.optional(z.enum(['thumb', 'full'])) });

/** GET /api/account/messages/files/{id}[?size=thumb]: a message's image, re-encoded, never run. */
export const getMessageFile = defineRead({
  access: 'user',
  async handle({ context, user, database }) {
    const id = recordId.safeParse(context.params.id);
    if (!id.success) return jsonError(404, MESSAGES.notFound);
    const query = sizeQuery.safeParse(Object.fromEntries(context.url.searchParams));
    if (!query.success) return jsonError(400, API_ERRORS.badRequest);
    const file = await attachmentForViewer(database.db, id.data, user);
    if (!file) return jsonError(404, MESSAGES.notFound);
    const thumb = query.data.size === 'thumb';
    const opened = await openStored(thumb ? file.thumbName : file.storedName);
    if (!opened) return jsonError(404, MESSAGES.notFound);
    const body = Readable.toWeb(opened.body) as ReadableStream<Uint8Array>;
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': thumb ? 'image/webp' : file.mimeType,
        'Content-Length': String(opened.size),
        'X-Content-Type-Options': 'nosniff',
        'Content-Disposition': contentDisposition(downloadName(file.name, file.mimeType, thumb)),
        'Cache-Control': 'private, max-age=86400',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cross-Origin-Resource-Policy': 'same-origin',
      },
    });
  },
});
