/** Words around intake uploads: shared by the endpoints, the panel, its script and the tests. */
export const UPLOADS = {
  title: 'Logo and photos',
  intro: 'JPEG, PNG, WebP, GIF or AVIF images, up to 10 MB each; at most 10 files and 50 MB in all.',
  none: 'No files uploaded yet.',
  chooseLabel: 'Choose an image',
  chooseLabelMany: 'Choose images',
  kindLegend: 'This file is',
  kinds: { logo: 'Logo', photo: 'Photo' },
  upload: 'Upload',
  remove: 'Remove',
  retry: 'Retry',
  dismiss: 'Dismiss',
  uploading: 'Uploading',
  uploaded: 'Uploaded',
  failedRetry: 'Failed, retry',
  failed: 'Failed',
  removed: 'File removed.',
  done: 'File uploaded.',
  // Refusals, in the JSON `{ error }` and in the panel after a plain form post.
  notFound: 'File not found',
  notSignedIn: 'Please log in to upload files.',
  noFile: 'Please choose a file to upload.',
  oneFile: 'Send one file per request.',
  malformed: 'The upload could not be read. Please try again.',
  multipart: 'Send the file as multipart/form-data.',
  tooLarge: 'This file is larger than 10 MB. Please choose a smaller image.',
  tooManyPixels: 'This image is too large (more than 60 megapixels). Please choose a smaller image.',
  tooMany: 'An intake holds at most 10 files. Remove one before adding another.',
  quota: 'These files would take the intake over its 50 MB total. Remove a file before adding another.',
  type: 'Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded.',
  svg: 'SVG files cannot be uploaded. Please send your logo as a PNG.',
  pdf: 'PDF files cannot be uploaded. Please send the image as a PNG or JPEG.',
  heic: 'This HEIC photo cannot be read here. Please send it as a JPEG (on iPhone: Settings, Camera, Formats, Most Compatible).',
  unreadable: 'This file could not be read as an image. Please choose another one.',
  locked: 'This intake has been submitted: files can no longer be added or removed.',
  limited: 'You are uploading very often. Please wait a moment and try again.',
  error: 'The upload failed. Please try again.',
  offline: 'You are offline. Failed files are retried when the connection returns.',
  /** Beside the intake's Next button while chosen files finish uploading before the step moves on. */
  finishing: 'Uploading your files first…',
  /** Beside the intake's Next button: chosen files that did not upload (never dropped silently). */
  notUploaded: (names: string) =>
    `Not uploaded: ${names}. Retry or dismiss it in the list above, then press the button again.`,
  /** Offline: follows the intake's own offline notice, so it does not say 'offline' again. */
  notUploadedOffline: (names: string) =>
    `Not uploaded yet: ${names}. It is sent when the connection returns, or dismiss it in the list above to go on without it.`,
  removeFailed: 'The file could not be removed. Please try again.',
  clientKey: 'Reload the page and choose the file again.',
  kind: 'Choose Logo or Photo.',
} as const;

/** The panel's notice after a plain form post (`upload-<code>` in the intake page's notice: ../intake-notice.ts). */
export const UPLOAD_NOTICES = {
  done: UPLOADS.done,
  removed: UPLOADS.removed,
  'no-file': UPLOADS.noFile,
  'too-large': UPLOADS.tooLarge,
  pixels: UPLOADS.tooManyPixels,
  'too-many': UPLOADS.tooMany,
  quota: UPLOADS.quota,
  type: UPLOADS.type,
  svg: UPLOADS.svg,
  pdf: UPLOADS.pdf,
  heic: UPLOADS.heic,
  unreadable: UPLOADS.unreadable,
  'not-found': UPLOADS.notFound,
  limited: UPLOADS.limited,
  invalid: UPLOADS.malformed,
  error: UPLOADS.error,
} as const;
export type UploadNotice = keyof typeof UPLOAD_NOTICES;
