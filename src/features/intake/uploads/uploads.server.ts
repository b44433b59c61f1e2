/**
 * Intake files on the server: where they are stored (UPLOADS_DIR outside the public folder, or
 * UPLOADS_URL's bucket, under random names: #server/storage/file-store.ts), who may see them,
 * and their rows. A file is stored first and recorded second, in one write transaction that also re-checks every rule (owner, draft,
 * count, total, the browser's clientKey): when the transaction refuses, the caller removes the
 * files it wrote, so a refused upload leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { and, asc, count, eq, sum } from 'drizzle-orm';
import { ownsIntake, ownsIntakeFile, ownsOrder } from '#features/accounts/ownership.server.ts';
import type { AppDatabase, Db, Tx } from '#server/db/index.ts';
import { intakeFiles, intakes, orders } from '#server/db/schema.ts';
import { serverEnv } from '#server/env.ts';
import { bucketStore, type FileStore, folderStore, type OpenedFile } from '#server/storage/file-store.ts';
import { bucketPlace } from '#server/storage/s3.ts';
import { randomId } from '#server/security/tokens.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { ensureDraftIntake } from '../intake.server.ts';
import { EXTENSIONS, type StoredImage } from './images.server.ts';
import { MAX_FILES, MAX_INTAKE_BYTES, thumbSize } from './limits.ts';

export type IntakeFile = typeof intakeFiles.$inferSelect;
export type FileKind = IntakeFile['kind'];

/** A file as the browser shows it (the JSON answer of the upload route, the panel's list). */
export interface FileView {
  id: string;
  kind: FileKind;
  name: string;
  bytes: number;
  width: number;
  height: number;
  url: string;
  thumbUrl: string;
  thumbWidth: number;
  thumbHeight: number;
}

export const fileUrl = (id: string, thumb = false) => `/api/account/intake/files/${id}${thumb ? '?size=thumb' : ''}`;

export function fileView(file: IntakeFile): FileView {
  const width = file.width ?? 1;
  const height = file.height ?? 1;
  const thumb = thumbSize(width, height);
  return {
    id: file.id,
    kind: file.kind,
    name: file.originalName,
    bytes: file.bytes,
    width,
    height,
    url: fileUrl(file.id),
    thumbUrl: fileUrl(file.id, true),
    thumbWidth: thumb.width,
    thumbHeight: thumb.height,
  };
}

// Storage -------------------------------------------------------------------------------

/** UPLOADS_DIR as an absolute path (relative settings are relative to the working directory). */
export const uploadsDir = () => resolve(serverEnv().UPLOADS_DIR);
/** Where request bodies land while they arrive: on this machine's disk, never served. */
export const incomingDir = () => join(uploadsDir(), '.incoming');

let store: { key: string; store: FileStore } | undefined;

/** Where stored files live: UPLOADS_URL's bucket when set (shared by every server), else UPLOADS_DIR. */
function fileStore(): FileStore {
  const env = serverEnv();
  const key = `${uploadsDir()} ${env.UPLOADS_URL ?? ''} ${env.S3_ENDPOINT ?? ''}`;
  if (store?.key !== key) {
    store = {
      key,
      store: env.UPLOADS_URL ? bucketStore(bucketPlace(env.UPLOADS_URL, env)) : folderStore(uploadsDir()),
    };
  }
  return store.store;
}

/** Our names only: 26 random characters and our extension. A row can never point elsewhere. */
const STORED_NAME = /^[a-km-z2-9]{26}\.(?:jpg|png|webp)$/;

const isStoredName = (name: string) => STORED_NAME.test(name);

/** Writes the image and its thumbnail under fresh random names; answers those names. */
export async function storeImage(image: StoredImage, main: Buffer, thumb: Buffer) {
  const storedName = `${randomId()}.${EXTENSIONS[image.mimeType]}`;
  const thumbName = `${randomId()}.webp`;
  try {
    await fileStore().put(storedName, main, image.mimeType);
    await fileStore().put(thumbName, thumb, 'image/webp');
  } catch (error) {
    await removeStored([storedName, thumbName]);
    throw error;
  }
  return { storedName, thumbName };
}

/** Deletes stored files by name (missing ones are fine: the goal is that they are gone). */
export async function removeStored(names: string[]) {
  const ours = names.filter(isStoredName);
  if (ours.length > 0) await fileStore().remove(ours);
}

/** Opens a stored file for streaming; null when it is not there. */
export async function openStored(name: string): Promise<OpenedFile | null> {
  return isStoredName(name) ? fileStore().open(name) : null;
}

// Reads ---------------------------------------------------------------------------------

/**
 * The files of the intake of `orderId`, oldest first: for its owner, or for anyone with an
 * admin (who may open every intake); none for another customer.
 */
export async function intakeFilesForOrder(db: Db, orderId: string, user: Pick<SessionUser, 'id' | 'role'>) {
  const rows = await db
    .select({ file: intakeFiles })
    .from(intakeFiles)
    .innerJoin(intakes, eq(intakes.id, intakeFiles.intakeId))
    .where(
      user.role === 'admin' ? eq(intakes.orderId, orderId) : and(eq(intakes.orderId, orderId), ownsIntake(user.id)),
    )
    .orderBy(asc(intakeFiles.createdAt), asc(intakeFiles.id));
  return rows.map((r) => r.file);
}

/** A file (with its order) for its owner or an admin; null for anyone else, who must not learn it exists. */
export async function fileForViewer(db: Db, fileId: string, user: Pick<SessionUser, 'id' | 'role'>) {
  const [row] = await db
    .select({ file: intakeFiles, orderId: intakes.orderId })
    .from(intakeFiles)
    .innerJoin(intakes, eq(intakes.id, intakeFiles.intakeId))
    .where(
      user.role === 'admin' ? eq(intakeFiles.id, fileId) : and(eq(intakeFiles.id, fileId), ownsIntakeFile(user.id)),
    );
  return row ?? null;
}

export type UploadTarget =
  { ok: true; intakeId: string | null; files: number; bytes: number } | { ok: false; reason: 'not-found' | 'locked' };

/** Before reading a body: may `userId` add files to the intake of `orderId` (theirs, not submitted)? */
export async function uploadTarget(db: Db, orderId: string, userId: string): Promise<UploadTarget> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), ownsOrder(userId)));
  if (!order) return { ok: false, reason: 'not-found' };
  const [intake] = await db
    .select({ id: intakes.id, status: intakes.status })
    .from(intakes)
    .where(eq(intakes.orderId, orderId));
  if (intake?.status === 'submitted') return { ok: false, reason: 'locked' };
  if (!intake) return { ok: true, intakeId: null, files: 0, bytes: 0 };
  const [usage] = await db
    .select({ files: count(), bytes: sum(intakeFiles.bytes) })
    .from(intakeFiles)
    .where(eq(intakeFiles.intakeId, intake.id));
  return { ok: true, intakeId: intake.id, files: usage?.files ?? 0, bytes: Number(usage?.bytes ?? 0) };
}

/** The file an earlier attempt with this clientKey stored for this order's intake, if any. */
export async function fileByClientKey(db: Db, orderId: string, userId: string, clientKey: string) {
  const [row] = await db
    .select({ file: intakeFiles })
    .from(intakeFiles)
    .innerJoin(intakes, eq(intakes.id, intakeFiles.intakeId))
    .where(and(eq(intakes.orderId, orderId), eq(intakeFiles.userId, userId), eq(intakeFiles.clientKey, clientKey)));
  return row?.file ?? null;
}

// Writes --------------------------------------------------------------------------------

export type RecordResult =
  | { ok: true; created: boolean; file: IntakeFile }
  | { ok: false; reason: 'not-found' | 'locked' | 'too-many' | 'quota' };

async function existingByKey(tx: Tx, intakeId: string, clientKey: string) {
  const [found] = await tx
    .select()
    .from(intakeFiles)
    .where(and(eq(intakeFiles.intakeId, intakeId), eq(intakeFiles.clientKey, clientKey)));
  return found ?? null;
}

/**
 * Records a stored file for the intake of `orderId` (created as a draft when missing), in one
 * transaction with every rule checked again: only the owner, only a draft, the same clientKey
 * answers the first file, at most MAX_FILES files and MAX_INTAKE_BYTES in all.
 */
export function recordUpload(
  database: AppDatabase,
  input: {
    orderId: string;
    userId: string;
    kind: FileKind;
    clientKey: string;
    originalName: string;
    image: StoredImage;
    storedName: string;
    thumbName: string;
  },
  now = Date.now(),
): Promise<RecordResult> {
  return database.writes.transaction(async (tx): Promise<RecordResult> => {
    const intake = await ensureDraftIntake(tx, { orderId: input.orderId, userId: input.userId }, now);
    if (!intake.ok) return intake;
    const existing = await existingByKey(tx, intake.intakeId, input.clientKey);
    if (existing) return { ok: true, created: false, file: existing };
    const usage = await tx
      .select({ files: count(), bytes: sum(intakeFiles.bytes) })
      .from(intakeFiles)
      .where(eq(intakeFiles.intakeId, intake.intakeId));
    const files = usage[0]?.files ?? 0;
    // sum() comes back as text (SQLite's sum may be a real): null when there is no file.
    const bytes = Number(usage[0]?.bytes ?? 0);
    if (files >= MAX_FILES) return { ok: false, reason: 'too-many' };
    if (bytes + input.image.bytes > MAX_INTAKE_BYTES) return { ok: false, reason: 'quota' };
    const file: IntakeFile = {
      id: randomId(),
      intakeId: intake.intakeId,
      userId: input.userId,
      kind: input.kind,
      clientKey: input.clientKey,
      originalName: input.originalName,
      mimeType: input.image.mimeType,
      bytes: input.image.bytes,
      width: input.image.width,
      height: input.image.height,
      storedName: input.storedName,
      thumbName: input.thumbName,
      createdAt: new Date(now),
    };
    await tx.insert(intakeFiles).values(file);
    return { ok: true, created: true, file };
  });
}

export type RemoveResult =
  { ok: true; orderId: string; names: string[] } | { ok: false; reason: 'not-found' | 'locked' };

/** Deletes the owner's file while its intake is a draft; answers the stored names to delete after the commit. */
export function removeIntakeFile(
  database: AppDatabase,
  { fileId, userId }: { fileId: string; userId: string },
): Promise<RemoveResult> {
  return database.writes.transaction(async (tx): Promise<RemoveResult> => {
    const found = await tx
      .select({
        storedName: intakeFiles.storedName,
        thumbName: intakeFiles.thumbName,
        status: intakes.status,
        orderId: intakes.orderId,
      })
      .from(intakeFiles)
      .innerJoin(intakes, eq(intakes.id, intakeFiles.intakeId))
      .where(and(eq(intakeFiles.id, fileId), eq(intakeFiles.userId, userId)));
    const [row] = found;
    if (!row) return { ok: false, reason: 'not-found' };
    if (row.status === 'submitted') return { ok: false, reason: 'locked' };
    await tx.delete(intakeFiles).where(eq(intakeFiles.id, fileId));
    return { ok: true, orderId: row.orderId, names: [row.storedName, row.thumbName] };
  });
}

// Names ---------------------------------------------------------------------------------

/**
 * The customer's file name as we show it: no folders, no control or bidi-override characters,
 * trimmed to 200 characters; 'image' when nothing is left. Never used as a path.
 */
export function cleanFileName(name: string): string {
  const base = name.normalize('NFC').split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return Array.from(cleaned).slice(0, 200).join('') || 'image';
}

/** The name to download a stored file under: the customer's name with the stored extension. */
export function downloadName(originalName: string, mimeType: string, thumb: boolean): string {
  const stem = originalName.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'image';
  const ext = thumb ? 'webp' : (EXTENSIONS[mimeType as keyof typeof EXTENSIONS] ?? 'bin');
  return `${stem}${thumb ? '-thumbnail' : ''}.${ext}`;
}

/** `inline; filename="ascii"; filename*=UTF-8''…` (RFC 6266): an ASCII fallback and the real name. */
export function contentDisposition(name: string): string {
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9 ._()-]/g, '_')
      .trim() || 'image';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A clientKey for a plain form (one per page view, so a double submit stores one file). */
export const newClientKey = () => randomBytes(16).toString('base64url');
