/**
 * The uploads panel in the browser. Several files can be chosen at once; each is sent in a
 * request of its own (fetch, multipart) with an id of its own (clientKey), one at a time, and
 * shows its state: Waiting, Uploading, Uploaded, or 'Failed, retry'. A failed file is retried
 * on its own (the Retry button, or automatically when the connection returns) with the same
 * clientKey, so a file whose answer was lost is not stored twice; uploaded files are never
 * sent again. Refusals that a retry cannot fix (too large, not an image, too many files) say
 * why and can be dismissed. Remove buttons delete with `DELETE` instead of posting the page.
 * fetch reports no upload progress, so the progress bar is indeterminate while a file is sent.
 */
import { formatBytes, MAX_FILE_BYTES } from './limits.ts';
import { UPLOADS } from './messages.ts';
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
  let running = false;

  const announce = (text: string) => {
    status.textContent = text;
  };
  const refreshEmpty = () => empty?.classList.toggle('hidden', list.children.length > 0);

  function show(entry: Entry, state: State, message = '') {
    entry.state = state;
    const { item } = entry;
    item.dataset.state = state;
    const progress = item.querySelector<HTMLProgressElement>('[data-progress]');
    if (progress) progress.hidden = state !== 'uploading';
    const retry = item.querySelector<HTMLButtonElement>('[data-retry]');
    if (retry) retry.hidden = state !== 'failed';
    const dismiss = item.querySelector<HTMLButtonElement>('[data-dismiss]');
    if (dismiss) dismiss.hidden = state !== 'refused';
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
    try {
      const response = await fetch(uploadUrl, {
        method: 'POST',
        headers: { Accept: 'application/json' },
        body,
        credentials: 'same-origin',
      });
      const answer = (await response.json().catch(() => ({}))) as { file?: FileView; error?: string };
      if (response.ok && answer.file) {
        uploaded(entry, answer.file);
        return;
      }
      const message = answer.error ?? UPLOADS.error;
      // The server or the network failed, not the file: worth another try. Anything else is final.
      const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
      show(entry, retryable ? 'failed' : 'refused', message);
      announce(`${entry.file.name}: ${retryable ? UPLOADS.failedRetry : `${UPLOADS.failed}. ${message}`}`);
    } catch {
      show(entry, 'failed', navigator.onLine ? '' : UPLOADS.offline);
      announce(`${entry.file.name}: ${UPLOADS.failedRetry}`);
    }
  }

  /** One file at a time: each waits for the previous answer (and the server's decode slot). */
  async function run() {
    if (running) return;
    running = true;
    try {
      for (
        let next = entries.find((e) => e.state === 'waiting');
        next;
        next = entries.find((e) => e.state === 'waiting')
      ) {
        await send(next);
      }
    } finally {
      running = false;
    }
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

  uploadButton.addEventListener('click', (event) => {
    // Not the plain form post: this script sends each file on its own.
    event.preventDefault();
    const chosen = [...(input.files ?? [])];
    if (chosen.length === 0) {
      announce(UPLOADS.noFile);
      input.focus();
      return;
    }
    const kind = panel.querySelector<HTMLInputElement>('input[name="kind"]:checked')?.value ?? 'photo';
    for (const file of chosen) add(file, kind);
    input.value = '';
    refreshEmpty();
    void run();
  });

  // Back online: failed files go again, each on its own, uploaded ones are not touched.
  window.addEventListener('online', () => {
    for (const entry of entries) if (entry.state === 'failed') show(entry, 'waiting');
    void run();
  });

  window.addEventListener('beforeunload', (event) => {
    if (entries.some((e) => e.state === 'waiting' || e.state === 'uploading')) event.preventDefault();
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
