/**
 * UPLOADS_URL=s3://…: uploads and message attachments live in object storage, so two app
 * servers over one database see the same files. Two servers are two storage instances here, in
 * one process over the run's database: each has its own UPLOADS_DIR (its own disk) and its own
 * S3 client, switched between requests; the bucket is a real S3-compatible server on 127.0.0.1.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { parseServerEnv, resetServerEnv } from '#server/env.ts';
import { callRoute } from '#server/http/testing/call-route.ts';
import { startLocalS3, type LocalS3 } from '#server/storage/testing/local-s3.ts';
import { bucketPlace, listObjects, readObject } from '#server/storage/s3.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { db, invoiceOrder, person } from '#features/admin/handlers/admin-test-kit.ts';
import { getMessageFile, postCustomerOrderMessage } from '#features/messages/handlers/order-messages.ts';
import { png, postMultipart } from '#features/messages/testing/thread-kit.ts';
import { deleteFile, getFile, postUpload } from './handlers/upload-routes.ts';
import type { FileView } from './uploads.server.ts';

let s3: LocalS3;
const disks = {
  a: mkdtempSync(join(tmpdir(), 'palmetto-server-a-')),
  b: mkdtempSync(join(tmpdir(), 'palmetto-server-b-')),
};
const UPLOADS_URL = 's3://shared-uploads/site';

/** From now on, requests are served by server `name`: its own disk, the shared bucket. */
function serveFrom(name: keyof typeof disks) {
  Object.assign(process.env, { UPLOADS_DIR: disks[name], UPLOADS_URL, ...s3.env });
  resetServerEnv();
}

const bucket = () => bucketPlace(UPLOADS_URL, parseServerEnv({ ...s3.env }));
/** Stored files on a server's own disk (bodies in flight left out). */
const onDisk = (name: keyof typeof disks) => readdirSync(disks[name]).filter((file) => !file.startsWith('.'));

beforeAll(async () => {
  s3 = await startLocalS3(['shared-uploads']);
});
afterAll(async () => {
  for (const key of ['UPLOADS_URL', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
    delete process.env[key];
  }
  resetServerEnv();
  await s3.stop();
});

async function orderWithCustomer() {
  const id = await invoiceOrder(false);
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  const customer: SessionUser = { id: order!.userId, name: order!.name, email: order!.email, role: 'customer' };
  return { id, customer };
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('UPLOADS_URL: two app servers over one database share the files', () => {
  it('an intake upload sent to server A is served by server B (same authorization), and deleted through B', async () => {
    const { id: orderId, customer } = await orderWithCustomer();
    serveFrom('a');
    const form = new FormData();
    form.append('kind', 'photo');
    form.append('clientKey', `k${crypto.randomUUID().replaceAll('-', '')}`);
    form.append('file', new File([await png()], 'storefront.png', { type: 'image/png' }));
    const uploaded = await callRoute(
      postUpload,
      new Request(`http://localhost/api/account/intake/${orderId}/files`, {
        method: 'POST',
        headers: { accept: 'application/json' },
        body: form,
      }),
      { params: { orderId }, user: customer, ip: '203.0.113.5' },
    );
    expect(uploaded.response.status).toBe(201);
    const { file } = (await uploaded.response.json()) as { file: FileView };
    // Nothing on A's disk: the image and its thumbnail are in the bucket.
    expect(onDisk('a')).toEqual([]);
    const stored = (await listObjects(bucket())).map((object) => object.key);
    expect(stored).toHaveLength(2);

    serveFrom('b');
    const get = (user: SessionUser, query = '') =>
      callRoute(getFile, `/api/account/intake/files/${file.id}${query}`, {
        method: 'GET',
        params: { fileId: file.id },
        user,
      }).then((c) => c.response);
    const own = await get(customer);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const served = await bytesOf(own);
    const inBucket = await Promise.all(stored.map((key) => readObject(bucket(), key)));
    expect(inBucket.some((object) => object?.equals(served))).toBe(true);
    expect(Number(own.headers.get('content-length'))).toBe(served.length);
    expect((await get(customer, '?size=thumb')).status).toBe(200);
    expect((await get(await person('admin'))).status).toBe(200);
    expect((await get(await person('customer'))).status).toBe(404);

    const removed = await callRoute(deleteFile, `/api/account/intake/files/${file.id}`, {
      method: 'DELETE',
      params: { fileId: file.id },
      user: customer,
      headers: { accept: 'application/json' },
    });
    expect(removed.response.status).toBeLessThan(300);
    expect(await listObjects(bucket())).toEqual([]);
    serveFrom('a');
    expect((await get(customer)).status).toBe(404);
  });

  it('a message attachment posted to server B is served by server A', async () => {
    const { id, customer } = await orderWithCustomer();
    serveFrom('b');
    const file = new File([await png()], 'header idea.png', { type: 'image/png' });
    const { response } = await postMultipart(
      postCustomerOrderMessage,
      `/api/account/orders/${id}/messages`,
      { id },
      { body: 'Like this?' },
      customer,
      { file },
    );
    expect(response.status).toBe(201);
    const { id: messageId } = (await response.json()) as { id: string };
    expect(onDisk('b')).toEqual([]);

    serveFrom('a');
    const fetchAs = (user: SessionUser) =>
      callRoute(getMessageFile, `/api/account/messages/files/${messageId}`, {
        method: 'GET',
        params: { id: messageId },
        user,
      }).then((c) => c.response);
    const own = await fetchAs(customer);
    expect(own.status).toBe(200);
    expect((await bytesOf(own)).subarray(1, 4).toString()).toBe('PNG');
    expect((await fetchAs(await person('customer'))).status).toBe(404);
  });
});
