/**
 * The limits of intake uploads, in one place: the upload route enforces them, the browser
 * script checks the size before sending, and the HTTP host (src/server/http/app.ts) and the
 * adapter (astro.config.ts) size the one request body allowed to be larger than 100 KB.
 * No imports: the browser and astro.config.ts read this file too.
 */

/** One file, as sent (before re-encoding). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Everything stored for one intake (the re-encoded images). */
export const MAX_INTAKE_BYTES = 50 * 1024 * 1024;
/** Files per intake. */
export const MAX_FILES = 10;
/**
 * A whole upload request: one file at the cap plus the form's other fields and the multipart
 * framing. The route's own 10 MB check trips first; this only bounds what a client can send.
 */
export const UPLOAD_REQUEST_BYTES = MAX_FILE_BYTES + 256 * 1024;
/** Larger than this many pixels is refused before decoding (a small file can decode huge). */
export const MAX_INPUT_PIXELS = 60_000_000;
/** Longest side of the stored image and of its thumbnail. */
export const MAX_DIMENSION = 4000;
export const THUMB_DIMENSION = 320;

/** The browser's id for one chosen file: a retry sends the same one. */
export const CLIENT_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** What the file input offers (the server decides by the bytes, not by this list). */
export const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif,.jpg,.jpeg,.png,.webp,.gif,.avif';

/**
 * The routes that take one file through this pipeline: the intake's uploads, and a message with
 * its attachment (an order's or a care-plan request's thread, a new request: src/features/messages),
 * and a change request on a preview.
 */
const UPLOAD_PATHS = [
  /^\/api\/account\/intake\/[^/]+\/files$/,
  /^\/api\/(?:account|admin)\/(?:orders|requests)\/[^/]+\/messages$/,
  /^\/api\/account\/requests$/,
  // A change request on a preview, with its image (src/features/orders/reviews).
  /^\/api\/account\/orders\/[^/]+\/changes$/,
];

/** Is this an upload route (POST /api/account/intake/{orderId}/files, a message)? `url` may carry a query. */
export function isUploadRequest(method: string | undefined, url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0] ?? '';
  return method === 'POST' && UPLOAD_PATHS.some((pattern) => pattern.test(path));
}

/** 1.2 MB, 340 KB: sizes as the customer reads them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The thumbnail's size for an image of width x height (fit inside THUMB_DIMENSION, never enlarged). */
export function thumbSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, THUMB_DIMENSION / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
