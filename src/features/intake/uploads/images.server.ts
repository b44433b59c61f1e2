/**
 * What an uploaded file is, decided by its bytes (never by its name or the browser's type),
 * and the copies we keep: the image re-encoded by sharp (turned upright from its EXIF
 * orientation, every bit of metadata dropped: GPS position, camera, embedded thumbnails) at
 * most 4000 px on its longest side, and a 320 px WebP thumbnail. Anything else is refused:
 * SVG (it can carry script), PDFs, executables, and bytes that only claim to be an image.
 */
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { MAX_DIMENSION, MAX_INPUT_PIXELS, THUMB_DIMENSION } from './limits.ts';

/** Why a file is not kept (each has its message in UPLOADS). */
export type ImageRefusal = 'type' | 'svg' | 'pdf' | 'heic' | 'unreadable' | 'pixels';

export type StoredType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface StoredImage {
  mimeType: StoredType;
  bytes: number;
  width: number;
  height: number;
}

/**
 * Detected type -> what sharp calls it and what we store it as. JPEG stays JPEG and PNG stays
 * PNG (logos keep their transparency, losslessly); a GIF keeps its first frame as a PNG; the
 * rest (WebP, and AVIF or HEIC when this build of libvips decodes them) become WebP.
 */
const ACCEPTED: Record<string, { sharpFormat: string; store: StoredType }> = {
  'image/jpeg': { sharpFormat: 'jpeg', store: 'image/jpeg' },
  'image/png': { sharpFormat: 'png', store: 'image/png' },
  'image/gif': { sharpFormat: 'gif', store: 'image/png' },
  'image/webp': { sharpFormat: 'webp', store: 'image/webp' },
  'image/avif': { sharpFormat: 'heif', store: 'image/webp' },
  'image/heic': { sharpFormat: 'heif', store: 'image/webp' },
  'image/heif': { sharpFormat: 'heif', store: 'image/webp' },
};

export const EXTENSIONS: Record<StoredType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Decoding a large photo takes a core and tens of megabytes: at most two at a time per
 * process, the rest wait their turn (uploads are rare; a burst must not starve page requests).
 */
const SLOTS = 2;
let busy = 0;
const waiting: (() => void)[] = [];
async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  busy += 1;
  try {
    return await work();
  } finally {
    busy -= 1;
    waiting.shift()?.();
  }
}

/** A text file that starts like SVG (file-type does not detect text formats). */
async function looksLikeSvg(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1024), 0, 1024, 0);
    return /<svg[\s>]/i.test(buffer.subarray(0, bytesRead).toString('utf8'));
  } finally {
    await handle.close();
  }
}

/**
 * Checks the file at `input` and answers the image to keep and its thumbnail, encoded in
 * memory (a few megabytes at most), so a refusal here never leaves a file behind and a disk
 * error while storing is not mistaken for a bad image.
 */
export async function processImage(
  input: string,
): Promise<{ ok: true; image: StoredImage; main: Buffer; thumb: Buffer } | { ok: false; reason: ImageRefusal }> {
  const detected = await fileTypeFromFile(input);
  const accepted = detected ? ACCEPTED[detected.mime] : undefined;
  if (!detected || !accepted) {
    // Refused either way; the two common mistakes get a message of their own.
    if (detected?.mime === 'application/pdf') return { ok: false, reason: 'pdf' };
    return { ok: false, reason: (await looksLikeSvg(input)) ? 'svg' : 'type' };
  }
  const undecodable = detected.mime === 'image/heic' ? 'heic' : 'unreadable';

  return inSlot(async () => {
    const metadata = await sharp(input)
      .metadata()
      .catch(() => null);
    if (!metadata) return { ok: false, reason: undecodable } as const;
    // The header must agree with the magic bytes: a PNG signature on something else is refused.
    if (metadata.format !== accepted.sharpFormat) return { ok: false, reason: 'unreadable' } as const;
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS)
      return { ok: false, reason: 'pixels' } as const;

    try {
      // No keepMetadata()/withMetadata(): sharp writes none of the input's EXIF, XMP or IPTC.
      // The first frame only (animated: false): a GIF or an animated WebP becomes a still image.
      const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
        .autoOrient()
        .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: 'inside', withoutEnlargement: true });
      const encoded =
        accepted.store === 'image/jpeg'
          ? pipeline.jpeg({ quality: 85, progressive: true })
          : accepted.store === 'image/png'
            ? pipeline.png()
            : pipeline.webp({ quality: 85 });
      const { data: main, info } = await encoded.toBuffer({ resolveWithObject: true });
      const thumb = await sharp(main)
        .resize({ width: THUMB_DIMENSION, height: THUMB_DIMENSION, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer();
      return {
        ok: true,
        main,
        thumb,
        image: { mimeType: accepted.store, bytes: main.byteLength, width: info.width, height: info.height },
      } as const;
    } catch {
      // Corrupt pixel data, or a HEIC on a libvips without an HEVC decoder (it reads the header only).
      return { ok: false, reason: undecodable } as const;
    }
  });
}
