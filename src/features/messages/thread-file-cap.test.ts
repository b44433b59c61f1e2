/**
 * A thread holds at most MAX_THREAD_FILES images, also when posts with images arrive at the same
 * time: the count is taken where the message is committed, not before it, so no two posts can
 * both see room for the last image. Several threads one image short of the cap each get a burst
 * of posts with an image, all at once.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, threadMessages } from '#server/db/schema.ts';
import { resetServerEnv } from '#server/env.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { database, db, invoiceOrder } from '#features/admin/handlers/admin-test-kit.ts';
import { MAX_THREAD_FILES } from './copy.ts';
import { postCustomerOrderMessage } from './handlers/order-messages.ts';
import { png, postMultipart } from './testing/thread-kit.ts';
import { ensureThread, postStatements } from './threads.server.ts';

process.env.UPLOADS_DIR = mkdtempSync(join(tmpdir(), 'palmetto-thread-cap-'));
resetServerEnv();

const THREADS = 16;
const POSTS_PER_THREAD = 5;
/**
 * How close two posts come to each other depends on the machine: a burst that happens to arrive
 * spaced out proves nothing, so the burst runs a few times (without the fix, one burst went past the
 * cap three times in four).
 */
const ROUNDS = 3;

/** A customer's order whose thread holds MAX_THREAD_FILES - 1 images. */
async function threadOneShort() {
  const orderId = await invoiceOrder(false);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const customer: SessionUser = { id: order!.userId, name: order!.name, email: order!.email, role: 'customer' };
  const thread = await ensureThread(database, { orderId }, customer.id);
  const image = { mimeType: 'image/png' as const, bytes: 10, width: 1, height: 1 };
  const statements = Array.from({ length: MAX_THREAD_FILES - 1 }, (_, i) => {
    const attachment = { originalName: `${i}.png`, image, storedName: `x${i}.png`, thumbName: `x${i}.webp` };
    return postStatements(thread, { authorId: customer.id, side: 'customer', body: '', attachment }).statements;
  }).flat();
  await database.writes.run(statements);
  return { orderId, customer, threadId: thread.id };
}

const imagesIn = async (threadId: string) =>
  (
    await db
      .select({ id: threadMessages.id })
      .from(threadMessages)
      .where(and(eq(threadMessages.threadId, threadId), isNotNull(threadMessages.fileStoredName)))
  ).length;

describe('the per-thread image cap under concurrent posts', () => {
  it(`${THREADS} threads one image short of the cap, ${POSTS_PER_THREAD} posts with an image each at once: one is kept per thread`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) await burst();
  });
});

async function burst() {
  const threads = await Promise.all(Array.from({ length: THREADS }, threadOneShort));
  const bytes = await png();
  const answers = await Promise.all(
    threads.flatMap(({ orderId, customer }) =>
      Array.from({ length: POSTS_PER_THREAD }, (_, i) =>
        postMultipart(
          postCustomerOrderMessage,
          `/api/account/orders/${orderId}/messages`,
          { id: orderId },
          { body: `photo ${i}` },
          customer,
          { file: new File([bytes], `photo-${i}.png`, { type: 'image/png' }) },
        ).then((a) => ({ orderId, status: a.response.status })),
      ),
    ),
  );
  for (const { orderId, threadId } of threads) {
    const statuses = answers.filter((a) => a.orderId === orderId).map((a) => a.status);
    expect(statuses.sort(), orderId).toEqual([201, ...Array(POSTS_PER_THREAD - 1).fill(409)]);
    expect(await imagesIn(threadId), orderId).toBe(MAX_THREAD_FILES);
  }
}
