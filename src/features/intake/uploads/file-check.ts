/**
 * The browser's check of a chosen image before it is sent (a message's or a request's
 * attachment): too large, or plainly not an image we take, is said at once, beside the field,
 * instead of after a 10 MB upload. The server still decides by the bytes; this only spares the
 * wait. Images we might take (any image/* type, HEIC included) are left to the server.
 */
import { UPLOADS } from './copy.ts';
import { ACCEPTED_TYPES, MAX_FILE_BYTES } from './limits.ts';

const ACCEPTED_EXTENSIONS = ACCEPTED_TYPES.split(',').filter((entry) => entry.startsWith('.'));

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

/** What is wrong with `file` for an image upload, in the words the server would use; null when nothing is. */
export function fileProblem(file: { name: string; size: number; type: string }): string | null {
  const extension = extensionOf(file.name);
  const type = file.type.toLowerCase();
  if (type === 'image/svg+xml' || extension === '.svg') return UPLOADS.svg;
  if (type === 'application/pdf' || extension === '.pdf') return UPLOADS.pdf;
  if (!type.startsWith('image/') && !ACCEPTED_EXTENSIONS.includes(extension)) return UPLOADS.type;
  if (file.size > MAX_FILE_BYTES) return UPLOADS.tooLarge;
  return null;
}

/**
 * Checks every `input[type=file][data-attachment]` under `root` as a file is chosen: a problem
 * becomes the field's message (shown, announced, and the input's validity, so the form is not
 * sent until another file is chosen or the choice is cleared).
 */
export function checkAttachments(root: ParentNode = document) {
  for (const input of root.querySelectorAll<HTMLInputElement>('input[type="file"][data-attachment]')) {
    const message = input.id ? document.getElementById(`${input.id}-error`) : null;
    const check = () => {
      const chosen = input.files?.[0];
      const problem = chosen ? fileProblem(chosen) : null;
      input.setCustomValidity(problem ?? '');
      if (problem) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
      if (message) message.textContent = problem ?? '';
      const described = new Set((input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean));
      if (message && problem) described.add(message.id);
      input.setAttribute('aria-describedby', [...described].join(' '));
    };
    input.addEventListener('change', check);
    check(); // a file chosen before the script ran (or kept by the browser on Back)
  }
}
