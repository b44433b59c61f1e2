/**
 * What the intake page says after a plain form post travels in the form-outcome cookie's one
 * notice code (src/server/http/form-outcome.ts), never in the URL (`?step=N` there is only
 * which step to show). The page has its own notices (INTAKE_NOTICES: 'saved', 'submitted' or
 * an error code) and the uploads panel its own (UPLOAD_NOTICES, written `upload-<code>`, so
 * the panel's 'invalid' is not the page's). Save draft with a file chosen says both:
 * `saved-upload-done`.
 */
import type { UploadNotice } from './uploads/copy.ts';

const UPLOAD = 'upload-';

/** The notice code for the page's notice `page` and/or the panel's `upload`; undefined for neither. */
export function intakeNotice(page?: string, upload?: UploadNotice): string | undefined {
  const parts = [page, upload && `${UPLOAD}${upload}`].filter((part) => part);
  return parts.length > 0 ? parts.join('-') : undefined;
}

/** The page's and the panel's parts of a notice code (each still to be looked up in its own copy). */
export function readIntakeNotice(code: string | undefined): { page?: string; upload?: string } {
  if (!code) return {};
  if (code.startsWith(UPLOAD)) return { upload: code.slice(UPLOAD.length) };
  const at = code.indexOf(`-${UPLOAD}`);
  if (at < 0) return { page: code };
  return { page: code.slice(0, at), upload: code.slice(at + 1 + UPLOAD.length) };
}
