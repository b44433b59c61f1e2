/**
 * The uploads panel in the browser. Choosing files uploads them at once (the Upload button is
 * for browsers without JavaScript, and hidden here): each is sent in a request of its own
 * (multipart) with an id of its own (clientKey), one at a time, and shows its state: Waiting,
 * Uploading with a progress bar, Uploaded, or 'Failed, retry'. A failed file is retried on its
 * own (the Retry button, or automatically when the connection returns) with the same
 * clientKey, so a file whose answer was lost is not stored twice; uploaded files are never
 * sent again. Refusals that a retry cannot fix (too large, not an image, too many files) say
 * why; a file that did not upload can be dismissed. The intake's Next waits for files on their
 * way and does not leave while one did not upload (leave.ts), so no chosen file is dropped
 * silently. Remove buttons delete with `DELETE` instead of posting the page.
 */
import { whenLeaving } from '../leave.ts';
import { formatBytes, MAX_FILE_BYTES } from './limits.ts';
import { UPLOADS } from './copy.ts';
import type { FileView } from './uploads.server.ts';

type State = 'waiting' | 'uploading' | 'uploaded' | 'failed' | 'refused';

interface Entry {
  key: string;
  file: File;
  kind: string;
  state: State;
  item: HTMLElement;
}

const STATE_TEXT: Record<Exclude<State, 'refused'>, string> = {
  waiting: 'Waiting',
  uploading: UPLOADS.uploading,
  uploaded: UPLOADS.uploaded,
  failed: UPLOADS.failedRetry,
};

/** 22 random URL-safe characters: the server accepts [A-Za-z0-9_-]{8,64}. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

const setText = (root: ParentNode, selector: string, text: string) => {
  for (const el of root.querySelectorAll(selector)) el.textContent = text;
};

interface Sent {
  status: number;
  answer: { file?: FileView; error?: string };
}

/**
 * POSTs one file. XMLHttpRequest, not fetch: only it reports how much of the body is sent, for
 * the progress bar. Rejects when the request never got an answer (offline, connection lost).
 */
function post(url: string, body: FormData, onProgress: (fraction: number) => void): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const answer = (request.response ?? {}) as Sent['answer'];
      resolve({ status: request.status, answer: typeof answer === 'object' ? answer : {} });
    });
    for (const failure of ['error', 'abort', 'timeout']) {
      request.addEventListener(failure, () => reject(new Error(`Upload ${failure}`)));
    }
    request.send(body);
  });
}

export function enhanceUploads(panel: HTMLElement) {
  const uploadUrl = panel.dataset.uploadUrl ?? '';
  const list = panel.querySelector<HTMLElement>('[data-uploads-list]');
  const empty = panel.querySelector<HTMLElement>('[data-uploads-empty]');
  const input = panel.querySelector<HTMLInputElement>('[data-upload-input]');
  const uploadButton = panel.querySelector<HTMLButtonElement>('[data-upload]');
  const status = panel.querySelector<HTMLElement>('[data-uploads-status]');
  const fileTemplate = panel.querySelector<HTMLTemplateElement>('template[data-file-template]');
  const pendingTemplate = panel.querySelector<HTMLTemplateElement>('template[data-pending-template]');
  if (!list || !input || !uploadButton || !status || !fileTemplate || !pendingTemplate) return;
  const maxBytes = Number(panel.dataset.maxBytes) || MAX_FILE_BYTES;

  input.multiple = true;
  const chooseLabel = panel.querySelector('[data-choose-label]');
  if (chooseLabel) chooseLabel.textContent = UPLOADS.chooseLabelMany;

  const entries: Entry[] = [];
  let running: Promise<void> | null = null;

  const announce = (text: string) => {
    status.textContent = text;
  };
  const refreshEmpty = () => empty?.classList.toggle('hidden', list.children.length > 0);

  function show(entry: Entry, state: State, message = '') {
    entry.state = state;
    const { item } = entry;
    item.dataset.state = state;
    const progress = item.querySelector<HTMLProgressElement>('[data-progress]');
    if (progress) {
      progress.hidden = state !== 'uploading';
      progress.removeAttribute('value'); // indeterminate until the first progress report
    }
    const retry = item.querySelector<HTMLButtonElement>('[data-retry]');
    if (retry) retry.hidden = state !== 'failed';
    // A file that did not upload can always be let go of: the step then moves on without it.
    const dismiss = item.querySelector<HTMLButtonElement>('[data-dismiss]');
    if (dismiss) dismiss.hidden = state !== 'refused' && state !== 'failed';
    const text = state === 'refused' ? `${UPLOADS.failed}: ${message}` : STATE_TEXT[state];
    setText(item, '[data-file-state]', state === 'failed' && message ? `${text}. ${message}` : text);
  }

  /** The uploaded file takes its place in the list, as the server would have rendered it. */
  function uploaded(entry: Entry, file: FileView) {
    const fragment = fileTemplate?.content.cloneNode(true) as DocumentFragment;
    const item = fragment.querySelector<HTMLElement>('li');
    if (!item) return;
    item.dataset.file = file.id;
    item.querySelector<HTMLAnchorElement>('[data-file-link]')?.setAttribute('href', file.url);
    const img = item.querySelector<HTMLImageElement>('[data-file-thumb]');
    if (img) {
      img.src = file.thumbUrl;
      img.alt = file.name;
      img.width = file.thumbWidth;
      img.height = file.thumbHeight;
    }
    setText(item, '[data-file-name]', file.name);
    setText(item, '[data-file-kind]', UPLOADS.kinds[file.kind]);
    setText(item, '[data-file-size]', formatBytes(file.bytes));
    setText(item, '[data-file-state]', UPLOADS.uploaded);
    const remove = item.querySelector<HTMLButtonElement>('[data-remove]');
    if (remove) {
      remove.dataset.remove = file.id;
      remove.setAttribute(
        'formaction',
        `/api/account/intake/files/${file.id}/delete?order=${panel.dataset.uploadsPanel ?? ''}`,
      );
    }
    // The logo is in: the next file chosen is most likely a photo (as the page renders it after a reload).
    if (file.kind === 'logo') {
      const photo = panel.querySelector<HTMLInputElement>('input[name="kind"][value="photo"]');
      if (photo) photo.checked = true;
    }
    const hadFocus = entry.item.contains(document.activeElement);
    entry.item.replaceWith(item);
    entry.item = item;
    entry.state = 'uploaded';
    if (hadFocus) remove?.focus();
    announce(`${file.name}: ${UPLOADS.uploaded}`);
  }

  async function send(entry: Entry) {
    show(entry, 'uploading');
    announce(`${entry.file.name}: ${UPLOADS.uploading}`);
    const body = new FormData();
    // The fields first: the server reads them before the file.
    body.append('kind', entry.kind);
    body.append('clientKey', entry.key);
    body.append('file', entry.file, entry.file.name);
    const progress = entry.item.querySelector<HTMLProgressElement>('[data-progress]');
    try {
      const { status: code, answer } = await post(uploadUrl, body, (fraction) => {
        if (!progress) return;
        progress.max = 100;
        progress.value = Math.round(fraction * 100);
        setText(entry.item, '[data-file-state]', `${UPLOADS.uploading}, ${progress.value}%`);
      });
      if (code >= 200 && code < 300 && answer.file) {
        uploaded(entry, answer.file);
        return;
      }
      const message = answer.error ?? UPLOADS.error;
      // The server or the network failed, not the file: worth another try. Anything else is final.
      const retryable = code >= 500 || code === 429 || code === 408 || code === 0;
      show(entry, retryable ? 'failed' : 'refused', message);
      announce(`${entry.file.name}: ${retryable ? UPLOADS.failedRetry : `${UPLOADS.failed}. ${message}`}`);
    } catch {
      show(entry, 'failed', navigator.onLine ? '' : UPLOADS.offline);
      announce(`${entry.file.name}: ${UPLOADS.failedRetry}`);
    }
  }

  /** One file at a time: each waits for the previous answer (and the server's decode slot). */
  async function drain() {
    for (
      let next = entries.find((e) => e.state === 'waiting');
      next;
      next = entries.find((e) => e.state === 'waiting')
    ) {
      await send(next);
    }
  }
  /** Resolves when no file is waiting or on its way. */
  function run(): Promise<void> {
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  }

  function add(file: File, kind: string) {
    const fragment = pendingTemplate?.content.cloneNode(true) as DocumentFragment;
    const item = fragment.querySelector<HTMLElement>('li');
    if (!item) return;
    setText(item, '[data-file-name]', file.name);
    setText(item, '[data-file-size]', formatBytes(file.size));
    const entry: Entry = { key: newKey(), file, kind, state: 'waiting', item };
    item.querySelector('[data-retry]')?.addEventListener('click', () => {
      show(entry, 'waiting');
      item.focus();
      void run();
    });
    item.querySelector('[data-dismiss]')?.addEventListener('click', () => {
      entries.splice(entries.indexOf(entry), 1);
      item.remove();
      refreshEmpty();
      input?.focus();
    });
    list?.append(item);
    entries.push(entry);
    // Checked here too, so a file the server would refuse is not sent at all.
    if (file.size > maxBytes) show(entry, 'refused', UPLOADS.tooLarge);
    else show(entry, 'waiting');
  }

  /** Queues the files in the input (and empties it, so they are not sent twice). */
  function takeChosen() {
    const chosen = [...(input?.files ?? [])];
    if (chosen.length === 0) return 0;
    const kind = panel.querySelector<HTMLInputElement>('input[name="kind"]:checked')?.value ?? 'photo';
    for (const file of chosen) add(file, kind);
    if (input) input.value = '';
    refreshEmpty();
    return chosen.length;
  }

  // Chosen is uploaded: nothing else to press, so nothing to forget before pressing Next.
  uploadButton.hidden = true;
  input.addEventListener('change', () => {
    if (takeChosen() > 0) void run();
  });
  // Not the plain form post (should the button be shown again): this script sends each file.
  uploadButton.addEventListener('click', (event) => {
    event.preventDefault();
    if (takeChosen() > 0) void run();
    else {
      announce(UPLOADS.noFile);
      input.focus();
    }
  });

  const form = panel.closest('form');
  if (form) {
    whenLeaving(form, {
      busy: () => (entries.some((e) => e.state === 'waiting' || e.state === 'uploading') ? UPLOADS.finishing : null),
      async settle() {
        takeChosen();
        await run();
        const left = entries.filter((e) => e.state === 'failed' || e.state === 'refused');
        if (left.length === 0) return null;
        const names = left.map((e) => e.file.name).join(', ');
        return navigator.onLine ? UPLOADS.notUploaded(names) : UPLOADS.notUploadedOffline(names);
      },
    });
  }

  // Back online: failed files go again, each on its own, uploaded ones are not touched.
  window.addEventListener('online', () => {
    for (const entry of entries) if (entry.state === 'failed') show(entry, 'waiting');
    void run();
  });

  window.addEventListener('beforeunload', (event) => {
    // A file on its way, or one that did not upload yet, would be lost with the page.
    if (entries.some((e) => e.state !== 'uploaded' && e.state !== 'refused')) event.preventDefault();
  });

  async function remove(button: HTMLButtonElement) {
    const id = button.dataset.remove ?? '';
    const item = button.closest<HTMLElement>('li');
    if (!id || !item) return;
    const name = item.querySelector('[data-file-name]')?.textContent ?? '';
    button.disabled = true;
    try {
      const response = await fetch(`/api/account/intake/files/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      });
      // 404: already gone (another tab): the list catches up all the same.
      if (response.ok || response.status === 404) {
        const next = item.nextElementSibling ?? item.previousElementSibling;
        item.remove();
        const entry = entries.find((e) => e.item === item);
        if (entry) entries.splice(entries.indexOf(entry), 1);
        refreshEmpty();
        (next?.querySelector<HTMLButtonElement>('[data-remove]') ?? input)?.focus();
        announce(`${name}: ${UPLOADS.removed}`);
        return;
      }
      const answer = (await response.json().catch(() => ({}))) as { error?: string };
      announce(answer.error ?? UPLOADS.removeFailed);
    } catch {
      announce(UPLOADS.removeFailed);
    }
    button.disabled = false;
  }

  list.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-remove]');
    if (!button) return;
    event.preventDefault();
    void remove(button);
  });
}
