import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRoute } from 'astro';
import { createRequestFromNodeRequest, writeResponse } from 'astro/app/node';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '#server/db/index.ts';
import { intakeFiles, intakes, users } from '#server/db/schema.ts';
import { resetServerEnv } from '#server/env.ts';
import { callRoute, formOutcomeOf } from '#server/http/testing/call-route.ts';
import { isCrossSiteRequest } from '#server/security/cross-site.ts';
import { pricingReadings } from '#data/pricing.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { quote } from '#features/checkout/quote.ts';
import { newOrderStatements } from '#features/orders/orders.server.ts';
import { submitIntake } from '../intake.server.ts';
import { INTAKE } from '../copy.ts';
import { deleteFile, getFile, postRemove, postUpload } from './handlers/upload-routes.ts';
import { MAX_FILE_BYTES, MAX_FILES, MAX_INTAKE_BYTES, UPLOAD_REQUEST_BYTES } from './limits.ts';
import { UPLOADS } from './copy.ts';
import { cleanFileName, contentDisposition, type FileView } from './uploads.server.ts';

// Stored files go to a temp folder of this file's own; the database is the run's temp file.
const uploadsDir = mkdtempSync(join(tmpdir(), 'palmetto-uploads-'));
process.env.UPLOADS_DIR = uploadsDir;
resetServerEnv();
const database = await getDatabase();
const { db } = database;

/** Stored files (the temp folder for bodies in flight left out). */
const storedFiles = () => readdirSync(uploadsDir).filter((name) => !name.startsWith('.'));
const incoming = () => (existsSync(join(uploadsDir, '.incoming')) ? readdirSync(join(uploadsDir, '.incoming')) : []);

let counter = 0;
async function person(role: 'customer' | 'admin' = 'customer'): Promise<SessionUser> {
  const id = crypto.randomUUID();
  const email = `uploads-${Date.now()}-${++counter}@example.com`;
  const now = new Date();
  await db.insert(users).values({ id, name: 'Ann', email, role, status: 'active', createdAt: now, updatedAt: now });
  return { id, name: 'Ann', email, role };
}

async function customerWithOrder() {
  const user = await person();
  const order = newOrderStatements({
    userId: user.id,
    name: 'Ann',
    email: user.email,
    phone: '(407) 555-0199',
    businessName: 'Ann Bakes',
    quote: quote(pricingReadings.custom.checkout, { extraPages: 0, monthly: false }),
    provider: 'invoice',
    idempotencyKey: null,
  });
  await database.writes.run(order.statements);
  return { user, orderId: order.id };
}

const call = async (route: APIRoute, request: Request, params: Record<string, string>, user: SessionUser | null) =>
  (await callRoute(route, request, { params, user, ip: '203.0.113.5' })).response;

const key = () => `k${crypto.randomUUID().replaceAll('-', '')}`;

/** Where a plain form post landed, and the notice it left for that page (the form-outcome cookie). */
const landed = async (res: Response) => ({
  location: res.headers.get('location'),
  notice: (await formOutcomeOf(res))?.notice,
});
/** The intake's upload step, where the panel is. */
const uploadsStep = (orderId: string) => `/account/orders/${orderId}/intake?step=5#intake-uploads`;

interface UploadOptions {
  name?: string;
  type?: string;
  kind?: string;
  clientKey?: string;
  json?: boolean;
  extra?: Record<string, string>;
}

function uploadRequest(orderId: string, bytes: Uint8Array, options: UploadOptions = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.extra ?? {})) form.append(name, value);
  form.append('kind', options.kind ?? 'photo');
  form.append('clientKey', options.clientKey ?? key());
  form.append(
    'file',
    new File([Uint8Array.from(bytes)], options.name ?? 'photo.jpg', { type: options.type ?? 'image/jpeg' }),
  );
  return new Request(`http://localhost/api/account/intake/${orderId}/files`, {
    method: 'POST',
    headers: options.json === false ? {} : { accept: 'application/json' },
    body: form,
  });
}

const upload = (orderId: string, user: SessionUser | null, bytes: Uint8Array, options: UploadOptions = {}) =>
  call(postUpload, uploadRequest(orderId, bytes, options), { orderId }, user);

const fileRequest = (fileId: string, { method = 'GET', query = '' } = {}) =>
  new Request(`http://localhost/api/account/intake/files/${fileId}${query}`, {
    method,
    headers: { accept: 'application/json' },
  });

const rowsOf = (orderId: string) =>
  db
    .select({ file: intakeFiles })
    .from(intakeFiles)
    .innerJoin(intakes, eq(intakes.id, intakeFiles.intakeId))
    .where(eq(intakes.orderId, orderId))
    .then((rows) => rows.map((r) => r.file));

// Real images, made here.
let jpegWithExif: Buffer;
let png: Buffer;
beforeAll(async () => {
  // 64 x 32, EXIF orientation 6 (shown turned a quarter: 32 x 64), a camera note that must not survive.
  jpegWithExif = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'Secret Camera Owner', ImageDescription: 'Taken at home' } })
    .toBuffer();
  png = await sharp({ create: { width: 40, height: 20, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
    .png()
    .toBuffer();
});

describe('POST /api/account/intake/{orderId}/files', () => {
  it('the owner uploads a JPEG: 201, one row, the image re-encoded upright without its metadata, and a thumbnail', async () => {
    const before = await sharp(jpegWithExif).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const { user, orderId } = await customerWithOrder();
    const res = await upload(orderId, user, jpegWithExif, { name: 'Café sign.jpg', kind: 'logo' });
    expect(res.status).toBe(201);
    const { file } = (await res.json()) as { file: FileView };
    expect(file).toMatchObject({ kind: 'logo', name: 'Café sign.jpg', width: 32, height: 64 });
    expect(file.thumbUrl).toBe(`/api/account/intake/files/${file.id}?size=thumb`);

    const [row] = await rowsOf(orderId);
    expect(row).toMatchObject({ id: file.id, userId: user.id, mimeType: 'image/jpeg', width: 32, height: 64 });
    // Random names, nothing of the customer's.
    expect(row!.storedName).toMatch(/^[a-z2-9]{26}\.jpg$/);
    expect(row!.thumbName).toMatch(/^[a-z2-9]{26}\.webp$/);
    const stored = readFileSync(join(uploadsDir, row!.storedName));
    expect(row!.bytes).toBe(stored.byteLength);
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 32, height: 64 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored.includes('Secret Camera Owner')).toBe(false);
    const thumb = await sharp(readFileSync(join(uploadsDir, row!.thumbName))).metadata();
    expect(thumb.format).toBe('webp');
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBeLessThanOrEqual(320);
    expect(incoming()).toEqual([]);

    // The first file created the intake as an untouched draft: an open tab's first save still fits.
    const [intake] = await db.select().from(intakes).where(eq(intakes.orderId, orderId));
    expect(intake).toMatchObject({ status: 'draft', version: 0, data: { businessName: 'Ann Bakes' } });
  });

  it('PNG stays PNG (transparency kept), GIF keeps its first frame as PNG, AVIF becomes WebP', async () => {
    const { user, orderId } = await customerWithOrder();
    const pngRes = await upload(orderId, user, png, { name: 'logo.png', type: 'image/png', kind: 'logo' });
    expect(pngRes.status).toBe(201);
    const gif = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#0a0' } })
      .gif()
      .toBuffer();
    expect((await upload(orderId, user, gif, { name: 'anim.gif', type: 'image/gif' })).status).toBe(201);
    const avif = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#00a' } })
      .avif()
      .toBuffer();
    expect((await upload(orderId, user, avif, { name: 'new.avif', type: 'image/avif' })).status).toBe(201);
    const rows = await rowsOf(orderId);
    expect(rows.map((r) => r.mimeType)).toEqual(['image/png', 'image/png', 'image/webp']);
    const logo = await sharp(readFileSync(join(uploadsDir, rows[0]!.storedName))).metadata();
    expect(logo.hasAlpha).toBe(true);
  });

  it('another customer’s order and an unknown order: 404; nobody signed in: 401; nothing stored', async () => {
    const { orderId } = await customerWithOrder();
    const stranger = await person();
    const before = storedFiles().length;
    const other = await upload(orderId, stranger, png, { type: 'image/png' });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: INTAKE.notFound });
    expect((await upload('abcdefghijkmnpqrstuvwxyz23', stranger, png)).status).toBe(404);
    // The same without JavaScript: back to the account, nothing said about that order.
    const form = await upload(orderId, stranger, png, { json: false });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/account');
    const anonymous = await upload(orderId, null, png);
    expect(anonymous.status).toBe(401);
    expect(await rowsOf(orderId)).toEqual([]);
    expect(storedFiles()).toHaveLength(before);
  });

  it('a cross-site post is refused by the middleware before any route runs', () => {
    const url = new URL('https://palmetto.example/api/account/intake/abcdefghijkmnpqrstuvwxyz23/files');
    const post = (headers: Record<string, string>) =>
      new Request(url, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x', ...headers } });
    expect(isCrossSiteRequest(post({ 'sec-fetch-site': 'cross-site' }), url)).toBe(true);
    expect(isCrossSiteRequest(post({ 'sec-fetch-site': 'same-site' }), url)).toBe(true);
    expect(isCrossSiteRequest(post({ origin: 'https://evil.example' }), url)).toBe(true);
    expect(isCrossSiteRequest(post({ 'sec-fetch-site': 'same-origin' }), url)).toBe(false);
  });

  it('over 10 MB: 413 as soon as the cap is passed, without reading the rest; nothing stored', async () => {
    const { user, orderId } = await customerWithOrder();
    const boundary = 'xUploadBoundary1234';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nphoto\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="clientKey"\r\n\r\n${key()}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    // The same 64 KB chunk again and again: the test never holds 10 MB, and counts what was read.
    const chunk = Buffer.alloc(64 * 1024, 0xff);
    const total = 64 * 1024 * 1024;
    let pulled = 0;
    // Settles when the server stops reading: it cut the body, or read all of it.
    let stoppedReading = () => {};
    const readingStopped = new Promise<void>((resolve) => (stoppedReading = resolve));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        if (pulled >= total) {
          stoppedReading();
          return controller.close();
        }
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        stoppedReading();
      },
    });
    const request = new Request(`http://localhost/api/account/intake/${orderId}/files`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    const before = storedFiles().length;
    const res = await call(postUpload, request, { orderId }, user);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: UPLOADS.tooLarge });
    const atAnswer = pulled;
    expect(atAnswer).toBeGreaterThan(MAX_FILE_BYTES);
    expect(atAnswer).toBeLessThan(MAX_FILE_BYTES + 1024 * 1024);
    // What the client still sends is read and dropped only up to the request cap, then cut.
    await readingStopped;
    expect(pulled).toBeLessThan(3 * MAX_FILE_BYTES);
    expect(await rowsOf(orderId)).toEqual([]);
    expect(storedFiles()).toHaveLength(before);
    expect(incoming()).toEqual([]);
  });

  it('over 10 MB through Node’s HTTP server and Astro’s request: the client reads the 413 or the 303', async () => {
    const { user, orderId } = await customerWithOrder();
    // As the adapter runs the route: Astro's Request over the Node request.
    // The route's own answer too: the notice is in its cookie jar, not in a header the test server writes.
    let answered: Response | undefined;
    const server = createServer((req, res) => {
      const request = createRequestFromNodeRequest(req, { bodySizeLimit: UPLOAD_REQUEST_BYTES });
      void call(postUpload, request, { orderId }, user).then((response) => {
        answered = response;
        return writeResponse(response, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // Random bytes: multipart boundaries and busboy's buffering see real data.
      const big = randomBytes(MAX_FILE_BYTES + 5000);
      for (const json of [true, false]) {
        const form = new FormData();
        form.append('kind', 'photo');
        form.append('clientKey', key());
        form.append('file', new File([big], 'big.jpg', { type: 'image/jpeg' }));
        const res = await fetch(`http://127.0.0.1:${port}/api/account/intake/${orderId}/files`, {
          method: 'POST',
          headers: json ? { accept: 'application/json' } : {},
          body: form,
          redirect: 'manual',
          // A hang fails; a starved machine's slow answer does not (the test's own limit is the bound).
          signal: AbortSignal.timeout(45_000),
        });
        if (json) expect(await res.json()).toEqual({ error: UPLOADS.tooLarge });
        else
          expect({ ...(await landed(answered!)), location: res.headers.get('location') }).toEqual({
            location: uploadsStep(orderId),
            notice: 'upload-too-large',
          });
      }
    } finally {
      server.close();
    }
    expect(await rowsOf(orderId)).toEqual([]);
    expect(incoming()).toEqual([]);
  });

  it('a file just at 10 MB is not refused for its size (a 10 MB + 1 byte one is)', async () => {
    const { user, orderId } = await customerWithOrder();
    const atCap = new Uint8Array(MAX_FILE_BYTES);
    // Not an image, so 415: the size check let it through.
    expect((await upload(orderId, user, atCap)).status).toBe(415);
    expect((await upload(orderId, user, new Uint8Array(MAX_FILE_BYTES + 1))).status).toBe(413);
  });

  it('SVG, text named .png, a PDF, an executable and a broken PNG: 415 with a clear message, nothing stored', async () => {
    const { user, orderId } = await customerWithOrder();
    const before = storedFiles().length;
    const cases: [Uint8Array, string, string, string][] = [
      [
        Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'logo.svg',
        'image/svg+xml',
        UPLOADS.svg,
      ],
      [Buffer.from('this is plain text pretending to be a picture'), 'logo.png', 'image/png', UPLOADS.type],
      [Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n'), 'brochure.png', 'image/png', UPLOADS.pdf],
      [Buffer.concat([Buffer.from('MZ'), Buffer.alloc(400)]), 'setup.jpg', 'image/jpeg', UPLOADS.type],
      [Buffer.concat([png.subarray(0, 33), Buffer.alloc(200, 7)]), 'broken.png', 'image/png', UPLOADS.unreadable],
    ];
    for (const [bytes, name, type, message] of cases) {
      const res = await upload(orderId, user, bytes, { name, type });
      expect(res.status, name).toBe(415);
      expect(await res.json()).toEqual({ error: message });
    }
    expect(await rowsOf(orderId)).toEqual([]);
    expect(storedFiles()).toHaveLength(before);
    expect(incoming()).toEqual([]);
  });

  it('a retry with the same clientKey answers the first file (200), stored once', async () => {
    const { user, orderId } = await customerWithOrder();
    const clientKey = key();
    const first = await upload(orderId, user, png, { name: 'logo.png', type: 'image/png', clientKey });
    expect(first.status).toBe(201);
    const before = storedFiles().length;
    const again = await upload(orderId, user, png, { name: 'logo.png', type: 'image/png', clientKey });
    expect(again.status).toBe(200);
    const a = ((await first.json()) as { file: FileView }).file;
    const b = ((await again.json()) as { file: FileView }).file;
    expect(b.id).toBe(a.id);
    expect(await rowsOf(orderId)).toHaveLength(1);
    expect(storedFiles()).toHaveLength(before);

    // Two attempts at once: one row, and the loser's copy removed.
    const racing = key();
    const [x, y] = await Promise.all([
      upload(orderId, user, png, { type: 'image/png', clientKey: racing }),
      upload(orderId, user, png, { type: 'image/png', clientKey: racing }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 201]);
    expect(await rowsOf(orderId)).toHaveLength(2);
    expect(storedFiles()).toHaveLength(before + 2);
  });

  it('bad fields and more than one file per request: 400', async () => {
    const { user, orderId } = await customerWithOrder();
    expect((await upload(orderId, user, png, { kind: 'banner' })).status).toBe(400);
    const badKey = await upload(orderId, user, png, { clientKey: 'short' });
    expect(badKey.status).toBe(400);
    expect(await badKey.json()).toMatchObject({ fields: { clientKey: [UPLOADS.clientKey] } });

    const form = new FormData();
    form.append('kind', 'photo');
    form.append('clientKey', key());
    form.append('file', new File([Uint8Array.from(png)], 'a.png', { type: 'image/png' }));
    form.append('file', new File([Uint8Array.from(png)], 'b.png', { type: 'image/png' }));
    const two = new Request(`http://localhost/api/account/intake/${orderId}/files`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: form,
    });
    const res = await call(postUpload, two, { orderId }, user);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: UPLOADS.oneFile });
    const json = new Request(`http://localhost/api/account/intake/${orderId}/files`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: '{}',
    });
    expect((await call(postUpload, json, { orderId }, user)).status).toBe(415);
    // A JSON body is never a browser's form post: it gets the JSON answer without asking for it.
    const unasked = new Request(`http://localhost/api/account/intake/${orderId}/files`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const refused = await call(postUpload, unasked, { orderId }, user);
    expect(refused.status).toBe(415);
    expect(await refused.json()).toEqual({ error: UPLOADS.multipart });
    expect(await rowsOf(orderId)).toEqual([]);
  });

  it(`the ${MAX_FILES + 1}th file is refused (409), and so is going over 50 MB in all (413)`, async () => {
    const { user, orderId } = await customerWithOrder();
    for (let i = 0; i < MAX_FILES - 1; i++) {
      expect((await upload(orderId, user, png, { type: 'image/png', name: `p${i}.png` })).status).toBe(201);
    }
    // Two at once for the last place: the transaction, not the early check, decides.
    const last = await Promise.all([
      upload(orderId, user, png, { type: 'image/png' }),
      upload(orderId, user, png, { type: 'image/png' }),
    ]);
    expect(last.map((r) => r.status).sort()).toEqual([201, 409]);
    const before = storedFiles().length;
    const eleventh = await upload(orderId, user, png, { type: 'image/png' });
    expect(eleventh.status).toBe(409);
    expect(await eleventh.json()).toEqual({ error: UPLOADS.tooMany });
    expect(await rowsOf(orderId)).toHaveLength(MAX_FILES);
    expect(storedFiles()).toHaveLength(before);

    // Another intake, almost full by size: the next image would pass 50 MB.
    const second = await customerWithOrder();
    expect((await upload(second.orderId, second.user, png, { type: 'image/png' })).status).toBe(201);
    const [first] = await rowsOf(second.orderId);
    await db.insert(intakeFiles).values({
      ...first!,
      id: `big${crypto.randomUUID().replaceAll('-', '').slice(0, 23)}`,
      clientKey: key(),
      bytes: MAX_INTAKE_BYTES - first!.bytes - 10,
    });
    const over = await upload(second.orderId, second.user, jpegWithExif);
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ error: UPLOADS.quota });
    expect(await rowsOf(second.orderId)).toHaveLength(2);
  });

  it('after the intake is submitted: 423, for uploads and removals', async () => {
    const { user, orderId } = await customerWithOrder();
    const res = await upload(orderId, user, png, { type: 'image/png' });
    const { file } = (await res.json()) as { file: FileView };
    const submitted = await submitIntake(database, {
      orderId,
      userId: user.id,
      version: 0,
      changes: {
        industry: 'Bakery',
        servicesOffered: 'Cakes',
        pagesWanted: 'Home',
        targetAudience: 'Orlando families',
      },
      ip: null,
    });
    expect(submitted.ok).toBe(true);
    const late = await upload(orderId, user, png, { type: 'image/png' });
    expect(late.status).toBe(423);
    expect(await late.json()).toEqual({ error: UPLOADS.locked });
    const removal = await call(deleteFile, fileRequest(file.id, { method: 'DELETE' }), { fileId: file.id }, user);
    expect(removal.status).toBe(423);
    expect(await rowsOf(orderId)).toHaveLength(1);
  });

  it('without JavaScript: the step form’s answers are saved too, and the answer is a 303 back to the step', async () => {
    const { user, orderId } = await customerWithOrder();
    const res = await upload(orderId, user, png, {
      type: 'image/png',
      json: false,
      extra: { version: '0', step: '5', brandColors: 'navy and gold' },
    });
    expect(res.status).toBe(303);
    expect(await landed(res)).toEqual({ location: uploadsStep(orderId), notice: 'upload-done' });
    const [intake] = await db.select().from(intakes).where(eq(intakes.orderId, orderId));
    expect(intake).toMatchObject({ version: 1, data: { brandColors: 'navy and gold' } });
    expect(await rowsOf(orderId)).toHaveLength(1);

    // A refusal lands on the same step with the reason for the panel to show.
    const svg = await upload(orderId, user, Buffer.from('<svg></svg>'), {
      type: 'image/svg+xml',
      json: false,
      extra: { version: '1', brandColors: 'navy' },
    });
    expect(svg.status).toBe(303);
    expect(await landed(svg)).toEqual({ location: uploadsStep(orderId), notice: 'upload-svg' });
    // A stale page (version 0 again) is not allowed to overwrite the newer answers.
    const stale = await upload(orderId, user, png, {
      type: 'image/png',
      json: false,
      extra: { version: '0', brandColors: 'red' },
    });
    expect(await landed(stale)).toEqual({ location: uploadsStep(orderId), notice: 'conflict' });
    const [after] = await db.select().from(intakes).where(eq(intakes.orderId, orderId));
    expect(after?.data.brandColors).toBe('navy');
  });
});

/**
 * The Brand step's form as a browser without JavaScript posts it (multipart, in the page's
 * order): the step's fields, the panel's kind and clientKey, the file input (an empty part
 * when no file was chosen), then the pressed button's `intent`.
 */
function stepPost(
  orderId: string,
  {
    version,
    answers = {},
    file,
    intent,
  }: {
    version: string;
    answers?: Record<string, string>;
    file?: { name: string; type: string; bytes: Uint8Array };
    intent?: string;
  },
) {
  const boundary = 'xStepBoundary5678';
  const field = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const parts = [
    field('version', version),
    field('step', '5'),
    ...Object.entries(answers).map(([name, value]) => field(name, value)),
    field('kind', 'logo'),
    field('clientKey', key()),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file?.name ?? ''}"\r\n` +
        `Content-Type: ${file?.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    Buffer.from(file?.bytes ?? new Uint8Array()),
    Buffer.from('\r\n'),
    ...(intent ? [field('intent', intent)] : []),
    Buffer.from(`--${boundary}--\r\n`),
  ];
  return new Request(`http://localhost/api/account/intake/${orderId}/files`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'text/html' },
    body: Buffer.concat(parts),
  });
}

describe("the upload step's own buttons without JavaScript (Next, Back, Save draft)", () => {
  const intakeOf = async (orderId: string) => (await db.select().from(intakes).where(eq(intakes.orderId, orderId)))[0];

  it('Next with a file chosen (Upload never pressed): the file is stored, the answers saved, on to the next step', async () => {
    const { user, orderId } = await customerWithOrder();
    const request = stepPost(orderId, {
      version: '0',
      answers: { brandColors: 'navy and gold' },
      file: { name: 'logo.png', type: 'image/png', bytes: png },
      intent: 'next',
    });
    const res = await call(postUpload, request, { orderId }, user);
    expect(res.status).toBe(303);
    expect(await landed(res)).toEqual({ location: `/account/orders/${orderId}/intake?step=6`, notice: undefined });
    expect(await rowsOf(orderId)).toMatchObject([{ kind: 'logo', originalName: 'logo.png' }]);
    expect((await intakeOf(orderId))?.data.brandColors).toBe('navy and gold');
  });

  it('Next, Back and Save draft with no file chosen: only the answers, then where the button said', async () => {
    const { user, orderId } = await customerWithOrder();
    const next = await call(
      postUpload,
      stepPost(orderId, { version: '0', answers: { brandColors: 'teal' }, intent: 'next' }),
      { orderId },
      user,
    );
    expect(next.status).toBe(303);
    expect(await landed(next)).toEqual({ location: `/account/orders/${orderId}/intake?step=6`, notice: undefined });
    const back = await call(postUpload, stepPost(orderId, { version: '1', intent: 'back' }), { orderId }, user);
    expect(await landed(back)).toEqual({ location: `/account/orders/${orderId}/intake?step=4`, notice: undefined });
    const save = await call(
      postUpload,
      stepPost(orderId, { version: '1', answers: { brandColors: 'red' }, intent: 'save' }),
      { orderId },
      user,
    );
    expect(await landed(save)).toEqual({ location: uploadsStep(orderId), notice: 'saved' });
    expect(await intakeOf(orderId)).toMatchObject({ version: 2, data: { brandColors: 'red' } });
    expect(await rowsOf(orderId)).toEqual([]);
    // Upload pressed with nothing chosen still says so.
    const nothing = await call(postUpload, stepPost(orderId, { version: '2' }), { orderId }, user);
    expect(await landed(nothing)).toEqual({ location: uploadsStep(orderId), notice: 'upload-no-file' });
  });

  it('Next with a file that is refused: the step stays and says why; the answers are kept', async () => {
    const { user, orderId } = await customerWithOrder();
    const res = await call(
      postUpload,
      stepPost(orderId, {
        version: '0',
        answers: { brandColors: 'gold' },
        file: {
          name: 'logo.svg',
          type: 'image/svg+xml',
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        },
        intent: 'next',
      }),
      { orderId },
      user,
    );
    expect(res.status).toBe(303);
    expect(await landed(res)).toEqual({ location: uploadsStep(orderId), notice: 'upload-svg' });
    expect((await intakeOf(orderId))?.data.brandColors).toBe('gold');
    expect(await rowsOf(orderId)).toEqual([]);
  });

  it('a file over 10 MB: refused, but the answers sent before it are kept', async () => {
    const { user, orderId } = await customerWithOrder();
    const res = await call(
      postUpload,
      stepPost(orderId, {
        version: '0',
        answers: { brandColors: 'purple' },
        file: { name: 'huge.jpg', type: 'image/jpeg', bytes: new Uint8Array(MAX_FILE_BYTES + 10) },
        intent: 'next',
      }),
      { orderId },
      user,
    );
    expect(await landed(res)).toEqual({ location: uploadsStep(orderId), notice: 'upload-too-large' });
    expect((await intakeOf(orderId))?.data.brandColors).toBe('purple');
  });

  it('Save draft with a file chosen: both notices in one, the page’s (saved) and the panel’s (uploaded)', async () => {
    const { user, orderId } = await customerWithOrder();
    const res = await call(
      postUpload,
      stepPost(orderId, {
        version: '0',
        answers: { brandColors: 'sea green' },
        file: { name: 'logo.png', type: 'image/png', bytes: png },
        intent: 'save',
      }),
      { orderId },
      user,
    );
    expect(await landed(res)).toEqual({ location: uploadsStep(orderId), notice: 'saved-upload-done' });
    expect(await rowsOf(orderId)).toHaveLength(1);
    expect((await intakeOf(orderId))?.data.brandColors).toBe('sea green');
  });

  it('a refused answer: nothing stored, the step form’s own messages and notice, what was typed kept', async () => {
    const { user, orderId } = await customerWithOrder();
    const tooLong = 'x'.repeat(301);
    const res = await call(
      postUpload,
      stepPost(orderId, {
        version: '0',
        answers: { brandColors: tooLong },
        file: { name: 'logo.png', type: 'image/png', bytes: png },
        intent: 'next',
      }),
      { orderId },
      user,
    );
    expect(res.headers.get('location')).toBe(uploadsStep(orderId));
    expect(await formOutcomeOf(res)).toMatchObject({
      form: `/api/account/intake/${orderId}/steps`,
      notice: 'invalid',
      fields: { brandColors: [expect.any(String)] },
      // Whole, even past the field's limit: the customer shortens it, nothing is lost.
      values: { brandColors: tooLong },
    });
    expect(await rowsOf(orderId)).toEqual([]);
    expect(await intakeOf(orderId)).toBeUndefined();
  });

  it('a stale page: nothing overwritten, the conflict is said on the step', async () => {
    const { user, orderId } = await customerWithOrder();
    await call(
      postUpload,
      stepPost(orderId, { version: '0', answers: { brandColors: 'first' }, intent: 'save' }),
      { orderId },
      user,
    );
    const stale = await call(
      postUpload,
      stepPost(orderId, { version: '0', answers: { brandColors: 'second' }, intent: 'next' }),
      { orderId },
      user,
    );
    expect(await landed(stale)).toEqual({ location: uploadsStep(orderId), notice: 'conflict' });
    expect((await intakeOf(orderId))?.data.brandColors).toBe('first');
  });
});

describe('GET and DELETE /api/account/intake/files/{fileId}', () => {
  async function uploaded() {
    const owner = await customerWithOrder();
    const res = await upload(owner.orderId, owner.user, jpegWithExif, { name: 'Ünïcode "sign".jpg' });
    const { file } = (await res.json()) as { file: FileView };
    const [row] = await rowsOf(owner.orderId);
    return { ...owner, file, row: row! };
  }

  it('the owner gets the image streamed, typed, not sniffable, inline with a safe name, cached privately', async () => {
    const { user, file, row } = await uploaded();
    const res = await call(getFile, fileRequest(file.id), { fileId: file.id }, user);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="Unicode _sign_.jpg"; filename*=UTF-8''${encodeURIComponent('Ünïcode "sign".jpg')}`,
    );
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(readFileSync(join(uploadsDir, row.storedName)))).toBe(true);
    expect(res.headers.get('content-length')).toBe(String(body.byteLength));

    const thumb = await call(getFile, fileRequest(file.id, { query: '?size=thumb' }), { fileId: file.id }, user);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await thumb.arrayBuffer()).equals(readFileSync(join(uploadsDir, row.thumbName)))).toBe(true);
    expect((await call(getFile, fileRequest(file.id, { query: '?size=huge' }), { fileId: file.id }, user)).status).toBe(
      400,
    );
  });

  it('another customer: 404; an admin: 200; nobody signed in: 401', async () => {
    const { file } = await uploaded();
    const stranger = await person();
    const other = await call(getFile, fileRequest(file.id), { fileId: file.id }, stranger);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: UPLOADS.notFound });
    const admin = await person('admin');
    const adminRes = await call(getFile, fileRequest(file.id), { fileId: file.id }, admin);
    expect(adminRes.status).toBe(200);
    await adminRes.arrayBuffer();
    expect((await call(getFile, fileRequest(file.id), { fileId: file.id }, null)).status).toBe(401);
    expect((await call(getFile, fileRequest('../../etc/passwd'), { fileId: '../../etc/passwd' }, admin)).status).toBe(
      404,
    );
  });

  it('DELETE: only the owner; removes the row and both stored files', async () => {
    const { user, file, row } = await uploaded();
    const stranger = await person();
    const admin = await person('admin');
    for (const who of [stranger, admin]) {
      expect(
        (await call(deleteFile, fileRequest(file.id, { method: 'DELETE' }), { fileId: file.id }, who)).status,
      ).toBe(404);
    }
    const res = await call(deleteFile, fileRequest(file.id, { method: 'DELETE' }), { fileId: file.id }, user);
    expect(res.status).toBe(204);
    expect(existsSync(join(uploadsDir, row.storedName))).toBe(false);
    expect(existsSync(join(uploadsDir, row.thumbName))).toBe(false);
    expect(await db.select().from(intakeFiles).where(eq(intakeFiles.id, file.id))).toEqual([]);
    expect((await call(getFile, fileRequest(file.id), { fileId: file.id }, user)).status).toBe(404);
    expect((await call(deleteFile, fileRequest(file.id, { method: 'DELETE' }), { fileId: file.id }, user)).status).toBe(
      404,
    );
  });

  it('POST …/delete (no JavaScript): removes the file, saves the step’s answers, 303 back to the step', async () => {
    const { user, orderId, file, row } = await uploaded();
    const request = new Request(`http://localhost/api/account/intake/files/${file.id}/delete?order=${orderId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ version: '0', step: '5', brandColors: 'teal', kind: 'photo', file: '' }).toString(),
    });
    const res = await call(postRemove, request, { fileId: file.id }, user);
    expect(res.status).toBe(303);
    expect(await landed(res)).toEqual({ location: uploadsStep(orderId), notice: 'upload-removed' });
    expect(existsSync(join(uploadsDir, row.storedName))).toBe(false);
    expect(await rowsOf(orderId)).toEqual([]);
    const [intake] = await db.select().from(intakes).where(eq(intakes.orderId, orderId));
    expect(intake?.data.brandColors).toBe('teal');

    // A double click sent it twice: the second lands on the same step, saying it is gone.
    const twice = new Request(`http://localhost/api/account/intake/files/${file.id}/delete?order=${orderId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    const again = await call(postRemove, twice, { fileId: file.id }, user);
    expect(await landed(again)).toEqual({ location: uploadsStep(orderId), notice: 'upload-not-found' });
  });
});

describe('names', () => {
  it('keeps the customer’s name readable but harmless', () => {
    expect(cleanFileName('C:\\Users\\ann\\logo\u202e.png')).toBe('logo.png');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('\u0000\u0007')).toBe('image');
    expect(cleanFileName('x'.repeat(300))).toHaveLength(200);
    expect(contentDisposition('naïve\r\n"x".png')).toBe(
      `inline; filename="naive___x_.png"; filename*=UTF-8''na%C3%AFve%0D%0A%22x%22.png`,
    );
  });
});
