/**
 * Issue 36, item 17: with UPLOADS_URL=s3://…, two app servers over one database see the same
 * files. Two more server processes of the main build (`node src/main.ts`, as `npm start` runs it)
 * share a fresh database file and a bucket on a real S3-compatible server started here on
 * 127.0.0.1, each with a folder of its own for UPLOADS_DIR (its own disk). A customer attaches an
 * image to a message through server A; server B serves it to them (and only to them and admins).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startLocalS3, type LocalS3 } from '#server/storage/testing/local-s3.ts';
import { CUSTOMER_PASSWORD } from './admin-helpers.ts';
import { E2E_BUILDS } from './builds.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface AppServer {
  origin: string;
  disk: string;
  process: ChildProcess;
  output: string[];
}

const dir = mkdtempSync(join(tmpdir(), 'palmetto-shared-uploads-'));
let s3: LocalS3;
const servers: AppServer[] = [];

async function startServer(name: string, extra: Record<string, string>): Promise<AppServer> {
  const port = await freePort();
  const disk = join(dir, `uploads-${name}`);
  const main = E2E_BUILDS.main;
  const child = spawn(process.execPath, ['src/main.ts'], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      DIST_DIR: main.outDir,
      // The public origin the build was made for; each process listens on a port of its own.
      SITE_URL: main.origin,
      DATABASE_URL: `file:${join(dir, 'app.db')}`,
      UPLOADS_DIR: disk,
      UPLOADS_URL: 's3://shared-uploads/site',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      ...s3.env,
      ...extra,
    },
  });
  const server = { origin: `http://127.0.0.1:${port}`, disk, process: child, output: [] as string[] };
  child.stdout?.on('data', (chunk: Buffer) => server.output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => server.output.push(chunk.toString()));
  servers.push(server);
  // A cold start on a loaded 2-core machine can take long: poll /healthz until it answers.
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`server ${name} exited: ${server.output.join('')}`);
        return fetch(`${server.origin}/healthz`).then(
          (res) => res.status,
          () => 0,
        );
      },
      { timeout: 150_000, intervals: [250] },
    )
    .toBe(200);
  return server;
}

test.beforeAll(async () => {
  test.setTimeout(360_000);
  s3 = await startLocalS3(['shared-uploads']);
});

test.afterAll(async () => {
  for (const server of servers) {
    server.process.kill('SIGTERM');
    if (server.process.exitCode === null) await new Promise((resolve) => server.process.once('exit', resolve));
  }
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('two app servers over one database serve the same attachments from object storage', async ({ browser }) => {
  test.setTimeout(360_000);
  // A first, alone: it migrates the new database; B then finds it done.
  const a = await startServer('a', {});
  const b = await startServer('b', {});

  const context = await browser.newContext({ baseURL: a.origin });
  const page = await context.newPage();
  const email = `shared-${Date.now()}@example.com`;
  const registered = await page.request.post('/api/register', {
    data: { name: 'Sam Shared', email, password: CUSTOMER_PASSWORD },
  });
  expect(registered.ok(), 'the customer signs up on A').toBe(true);
  const placed = await page.request.post('/api/checkout', {
    data: { name: 'Sam Shared', email, phone: '(407) 555-0142', businessName: 'Shared Bakery', terms: true },
  });
  expect(placed.status(), 'the order is placed on A').toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };

  await page.goto(`/account/orders/${orderId}`);
  const thread = page.getByRole('region', { name: 'Messages' });
  await thread.getByLabel('Your message').fill('Our storefront, for the header.');
  await thread.getByLabel('Attach an image (optional)').setInputFiles({
    name: 'storefront.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await thread.getByRole('button', { name: 'Send message' }).click();
  const image = thread.getByRole('img', { name: 'Attached image: storefront.png' });
  await expect(image).toBeVisible();
  const src = await image.getAttribute('src');
  expect(src).toMatch(/^\/api\/account\/messages\/files\//);
  const full = src!.replace(/\?.*$/, '');

  // Nothing landed on A's own disk (only bodies in flight would, and they are gone).
  expect(readdirSync(a.disk).filter((name) => !name.startsWith('.'))).toEqual([]);

  // The same session (cookies are per host, sessions in the shared database) asks B.
  const fromA = await context.request.get(`${a.origin}${full}`);
  const fromB = await context.request.get(`${b.origin}${full}`);
  expect(fromA.status()).toBe(200);
  expect(fromB.status(), 'server B serves the file server A stored').toBe(200);
  expect(fromB.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await fromB.body()).equals(Buffer.from(await fromA.body()))).toBe(true);

  // B's order page shows the thumbnail, loaded from B.
  const onB = await context.newPage();
  await onB.goto(`${b.origin}/account/orders/${orderId}`);
  const thumb = onB.getByRole('img', { name: 'Attached image: storefront.png' });
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  // Same authorization on B: another customer gets a 404.
  const stranger = await browser.newContext({ baseURL: b.origin });
  const signedUp = await stranger.request.post('/api/register', {
    data: { name: 'Nosy Neighbour', email: `nosy-${Date.now()}@example.com`, password: CUSTOMER_PASSWORD },
  });
  expect(signedUp.ok()).toBe(true);
  expect((await stranger.request.get(`${b.origin}${full}`)).status()).toBe(404);
  await stranger.close();
  await context.close();
});
