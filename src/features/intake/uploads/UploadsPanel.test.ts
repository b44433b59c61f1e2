import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pricingReadings } from '#data/pricing.ts';
import { getDatabase } from '#server/db/index.ts';
import { users } from '#server/db/schema.ts';
import { resetServerEnv } from '#server/env.ts';
import { callRoute } from '#server/http/testing/call-route.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { quote } from '#features/checkout/quote.ts';
import { newOrderStatements } from '#features/orders/orders.server.ts';
import { postUpload } from './handlers/upload-routes.ts';
import { UPLOAD_NOTICES, UPLOADS } from './copy.ts';
import UploadsPanel from './UploadsPanel.astro';

process.env.UPLOADS_DIR = mkdtempSync(join(tmpdir(), 'palmetto-panel-'));
resetServerEnv();
const database = await getDatabase();

async function customerWithFile() {
  const id = crypto.randomUUID();
  const user: SessionUser = { id, name: 'Ann', email: `panel-${id}@example.com`, role: 'customer' };
  const now = new Date();
  await database.db.insert(users).values({ ...user, status: 'active', createdAt: now, updatedAt: now });
  const order = newOrderStatements({
    userId: id,
    name: 'Ann',
    email: user.email,
    phone: '(407) 555-0199',
    businessName: 'Ann Bakes',
    quote: quote(pricingReadings.custom.checkout, { extraPages: 0, monthly: false }),
    provider: 'invoice',
    idempotencyKey: null,
  });
  await database.writes.run(order.statements);
  const png = await sharp({ create: { width: 60, height: 30, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('kind', 'logo');
  form.append('clientKey', 'panel-test-key');
  form.append('file', new File([png], 'Tom & Jerry <logo>.png', { type: 'image/png' }));
  const request = new Request(`http://localhost/api/account/intake/${order.id}/files`, {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  });
  const { response: res } = await callRoute(postUpload, request, { params: { orderId: order.id }, user });
  const { file } = (await res.json()) as { file: { id: string } };
  return { user, orderId: order.id, fileId: file.id };
}

async function render(user: SessionUser, props: { orderId: string; readOnly?: boolean; notice?: string }) {
  const container = await AstroContainer.create();
  return container.renderToString(UploadsPanel, {
    props,
    request: new Request(`http://localhost/account/orders/${props.orderId}/intake?step=5`),
    locals: { user, session: null },
  });
}

describe('UploadsPanel', () => {
  it('lists the files with thumbnails and remove buttons, and offers a plain one-file upload', async () => {
    const { user, orderId, fileId } = await customerWithFile();
    const html = await render(user, { orderId, notice: 'done' });
    expect(html).toMatch(
      new RegExp(
        `<img src="/api/account/intake/files/${fileId}\\?size=thumb" alt="Tom &amp; Jerry <logo>.png" width="60" height="30"`,
      ),
    );
    // Escaped as text (inside an attribute value `<` is inert).
    expect(html.replace(/"[^"]*"/g, '')).not.toContain('<logo>');
    expect(html).toContain(`formaction="/api/account/intake/files/${fileId}/delete?order=${orderId}"`);
    expect(html).toContain(`formaction="/api/account/intake/${orderId}/files"`);
    expect(html).toContain('formenctype="multipart/form-data"');
    expect(html).toMatch(/<label for="intake-upload-file"[^>]*>\s*Choose an image\s*<\/label>/);
    expect(html).toMatch(/<input type="radio" name="kind" value="photo" checked/);
    expect(html).toMatch(/name="clientKey" value="[A-Za-z0-9_-]{22}"/);
    expect(html).toContain(UPLOADS.done);
    // Enter in the step's text field must not press Remove: the first submit button saves.
    const firstSubmit = /<button type="submit"[^>]*>/.exec(html)?.[0] ?? '';
    expect(firstSubmit).toContain('value="save"');
    expect(firstSubmit).toContain('hidden');
    // Nested forms do not exist in HTML: the panel must not try.
    expect(html).not.toContain('<form');
  });

  it('read-only after submission: the files, no buttons, no upload', async () => {
    const { user, orderId } = await customerWithFile();
    const html = await render(user, { orderId, readOnly: true, notice: 'done' });
    expect(html).toContain('size=thumb');
    expect(html).not.toContain('<button');
    expect(html).not.toContain('type="file"');
    expect(html).not.toContain(UPLOADS.done);
  });

  it('says the notice it is given, one it does not know not at all, and none from the URL', async () => {
    const { user, orderId } = await customerWithFile();
    expect(await render(user, { orderId, notice: 'svg' })).toContain(UPLOADS.svg);
    const unknown = await render(user, { orderId, notice: 'constructor' });
    expect(unknown).not.toContain('role="alert"');
    for (const text of Object.values(UPLOAD_NOTICES)) expect(unknown).not.toContain(text);
    const container = await AstroContainer.create();
    const fromUrl = await container.renderToString(UploadsPanel, {
      props: { orderId },
      request: new Request(`http://localhost/account/orders/${orderId}/intake?step=5&upload=done`),
      locals: { user, session: null },
    });
    expect(fromUrl).not.toContain(UPLOADS.done);
  });

  it('shows nothing of another customer’s files', async () => {
    const { orderId } = await customerWithFile();
    const other = await customerWithFile();
    const html = await render(other.user, { orderId });
    expect(html).not.toContain('size=thumb');
    expect(html).toContain(UPLOADS.none);
  });
});
