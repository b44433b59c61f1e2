/**
 * A message form's body, through the intake's upload pipeline: streamed (one file at most,
 * 10 MB), the file's type decided by its bytes, re-encoded without metadata, stored under a
 * random name. No file is fine: a message may be text only.
 */
import { processImage, type ImageRefusal } from '#features/intake/uploads/images.server.ts';
import { discard, receiveUpload, type ReceiveFailure } from '#features/intake/uploads/multipart.server.ts';
import { cleanFileName, incomingDir, removeStored, storeImage } from '#features/intake/uploads/uploads.server.ts';
import type { Attachment } from './threads.server.ts';

export type AttachmentRefusal = Exclude<ReceiveFailure, 'no-file'> | ImageRefusal;

export type ReceivedMessage =
  | { ok: true; fields: Record<string, string>; attachment: Attachment | null }
  | { ok: false; reason: AttachmentRefusal; fields: Record<string, string> };

/** Reads the form; a kept attachment is on disk already: `forget` it when the message is not kept. */
export async function receiveMessage(request: Request): Promise<ReceivedMessage> {
  const received = await receiveUpload(request, incomingDir());
  if (!received.ok) {
    if (received.reason === 'no-file') return { ok: true, fields: received.fields, attachment: null };
    return { ok: false, reason: received.reason, fields: received.fields };
  }
  try {
    const processed = await processImage(received.file.path);
    if (!processed.ok) return { ok: false, reason: processed.reason, fields: received.fields };
    const names = await storeImage(processed.image, processed.main, processed.thumb);
    return {
      ok: true,
      fields: received.fields,
      attachment: { originalName: cleanFileName(received.file.name), image: processed.image, ...names },
    };
  } finally {
    await discard(received.file.path);
  }
}

/** Removes an attachment's stored copies (its message was refused or not committed). */
export const forget = (attachment: Attachment | null) =>
  attachment ? removeStored([attachment.storedName, attachment.thumbName]) : Promise.resolve();
