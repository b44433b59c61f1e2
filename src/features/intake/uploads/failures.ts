import type { Failure } from '#server/http/mutation.ts';
import { UPLOADS } from './copy.ts';

/**
 * How a route answers what the upload pipeline refuses in one image (the intake's uploads, a
 * message's or a change request's attachment): each reason, its status and its words.
 */
export const IMAGE_UPLOAD_FAILURES = {
  'unsupported-type': { status: 415, error: UPLOADS.multipart },
  'too-large': { status: 413, error: UPLOADS.tooLarge },
  'one-file': { status: 400, error: UPLOADS.oneFile },
  malformed: { status: 400, error: UPLOADS.malformed },
  type: { status: 415, error: UPLOADS.type },
  svg: { status: 415, error: UPLOADS.svg },
  pdf: { status: 415, error: UPLOADS.pdf },
  heic: { status: 415, error: UPLOADS.heic },
  unreadable: { status: 415, error: UPLOADS.unreadable },
  pixels: { status: 413, error: UPLOADS.tooManyPixels },
} satisfies Record<string, Failure>;
