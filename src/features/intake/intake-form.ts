/**
 * The intake form in the browser. Answers are saved on the server as the customer goes: on
 * change and when a field loses focus at once, and about 1.5 s after typing stops. The status
 * line says 'Saved' or 'Not saved yet'. A save that fails (offline, a server error) keeps its
 * answers in this tab and in localStorage and is retried when the connection returns, on an
 * interval, and on the next visit. A save from a stale version (another tab saved first) is
 * refused by the server: the customer is told to reload, and nothing is overwritten.
 */
import { INTAKE_FIELD_NAMES } from './fields.ts';
import { INTAKE } from './messages.ts';

const TYPING_DELAY_MS = 1500;
const RETRY_MS = 10_000;

type Status = 'saved' | 'saving' | 'unsaved' | 'offline' | 'conflict' | 'locked';

export function enhanceIntake(form: HTMLFormElement) {
  const orderId = form.dataset.intake ?? '';
  const endpoint = (what: 'draft' | 'submit') => `/api/account/intake/${orderId}/${what}`;
  const storageKey = `intake-unsaved:${orderId}`;
  const versionInput = form.querySelector<HTMLInputElement>('[data-version]');
  const statusLine = form.querySelector<HTMLElement>('[data-save-status]');
  const problem = form.querySelector<HTMLElement>('[data-save-problem]');
  let version = Number(versionInput?.value ?? 0);
  /** Answers changed since the last acknowledged save. */
  let pending: Record<string, string> = {};
  let inFlight: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const show = (status: Status) => {
    form.dataset.saveState = status;
    if (statusLine) {
      statusLine.textContent =
        status === 'saved' ? INTAKE.saved : status === 'saving' ? INTAKE.saving : INTAKE.notSaved;
    }
    const message =
      status === 'offline'
        ? INTAKE.offline
        : status === 'conflict'
          ? INTAKE.conflict
          : status === 'locked'
            ? INTAKE.locked
            : '';
    if (problem) {
      problem.textContent = message;
      problem.classList.toggle('hidden', message === '');
    }
  };

  const remember = () => {
    try {
      if (Object.keys(pending).length > 0) localStorage.setItem(storageKey, JSON.stringify({ version, pending }));
      else localStorage.removeItem(storageKey);
    } catch {
      // Private mode or full storage: the in-memory copy still retries.
    }
  };

  const fieldsOfForm = () =>
    [...form.elements].filter(
      (el): el is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement =>
        'name' in el && typeof el.name === 'string' && INTAKE_FIELD_NAMES.has(el.name),
    );

  const collect = (target: EventTarget | null) => {
    const el = target as HTMLInputElement | null;
    if (!el?.name || !INTAKE_FIELD_NAMES.has(el.name)) return false;
    pending[el.name] = el.value;
    remember();
    return true;
  };

  /** Resolves once nothing is unsaved or in flight (a caller may find another caller's save under way). */
  async function save(): Promise<void> {
    if (stopped) return;
    if (inFlight) {
      await inFlight;
      return save();
    }
    if (Object.keys(pending).length === 0) return;
    const sending = pending;
    pending = {};
    show('saving');
    inFlight = (async () => {
      try {
        const response = await fetch(endpoint('draft'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ version, data: sending }),
        });
        if (response.ok) {
          const body = (await response.json()) as { version: number };
          version = body.version;
          if (versionInput) versionInput.value = String(version);
          remember();
          show(Object.keys(pending).length > 0 ? 'unsaved' : 'saved');
          return;
        }
        if (response.status === 409 || response.status === 423) {
          // Someone else's save is newer (or the intake is locked): never overwrite it.
          stopped = true;
          pending = { ...sending, ...pending };
          show(response.status === 409 ? 'conflict' : 'locked');
          return;
        }
        throw new Error(`HTTP ${response.status}`);
      } catch {
        pending = { ...sending, ...pending };
        remember();
        show(navigator.onLine ? 'unsaved' : 'offline');
      } finally {
        inFlight = null;
      }
    })();
    await inFlight;
  }

  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void save(), TYPING_DELAY_MS);
  };

  form.addEventListener('input', (event) => {
    if (collect(event.target)) {
      show('unsaved');
      soon();
    }
  });
  form.addEventListener('change', (event) => {
    if (collect(event.target)) void save();
  });
  form.addEventListener('focusout', (event) => {
    if (collect(event.target)) void save();
  });
  window.addEventListener('online', () => void save());
  setInterval(() => void save(), RETRY_MS);

  // Answers a previous visit could not save: put them back in the fields and save them now.
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as {
      version: number;
      pending: Record<string, string>;
    } | null;
    if (stored && stored.version === version) {
      pending = stored.pending;
      for (const el of fieldsOfForm()) if (el.name in pending) el.value = pending[el.name] ?? '';
      show('unsaved');
      void save();
    } else if (stored) {
      localStorage.removeItem(storageKey);
    }
  } catch {
    // Unreadable storage: nothing to restore.
  }

  // The buttons post the form as usual (next step, review, submit) once everything is saved,
  // so the version they carry is current.
  let leaving = false;
  form.addEventListener('submit', async (event) => {
    if (leaving) return;
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    event.preventDefault();
    for (const el of fieldsOfForm()) collect(el);
    clearTimeout(timer);
    await save();
    if (stopped) return;
    if (submitter?.value === 'save') {
      if (Object.keys(pending).length === 0) show('saved');
      return;
    }
    if (Object.keys(pending).length > 0) return; // still offline: stay, the status says so
    leaving = true;
    // In a task of its own: with nothing to save (the review step has no fields) this runs
    // while the click's submit event is still being fired, and a requestSubmit() made then is
    // silently ignored, so Submit and Back did nothing on the first press.
    setTimeout(() => form.requestSubmit(submitter ?? undefined), 0);
  });
}
