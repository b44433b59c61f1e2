/**
 * The intake form in the browser. Answers are saved on the server as the customer goes: on
 * change and when a field loses focus at once, and about 1.5 s after typing stops. The status
 * line says 'Saved' or 'Not saved yet'. A save that fails (offline, a server error) keeps its
 * answers in this tab and in localStorage and is retried when the connection returns, on an
 * interval, and on the next visit. A save from a stale version (another tab saved first) is
 * refused by the server: the customer is told to reload, and nothing is overwritten.
 *
 * Next, Back and Submit leave the step only once its answers are saved, the step's files are
 * uploaded (leave.ts asks the uploads panel) and the browser is online: otherwise the step
 * stays and says why beside the buttons, where the customer just pressed one (on a phone the
 * top of the form is out of sight), and moves the focus there.
 */
import { INTAKE_FIELD_NAMES } from './fields.ts';
import { askToLeave } from './leave.ts';
import { INTAKE } from './copy.ts';

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
  const leaveProblem = form.querySelector<HTMLElement>('[data-leave-problem]');
  const leaveWait = form.querySelector<HTMLElement>('[data-leave-wait]');
  const leaveButtons = form.querySelector<HTMLElement>('[data-leave-buttons]');
  let version = Number(versionInput?.value ?? 0);
  /** Answers changed since the last acknowledged save. */
  let pending: Record<string, string> = {};
  let inFlight: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  /**
   * Why the last press of a button did not leave the step, while the notice beside the buttons
   * says so: 'save' follows the save state (and clears once saved), 'step' (a file not
   * uploaded) stays until the next press.
   */
  let held: 'save' | 'step' | null = null;

  const setProblem = (el: HTMLElement | null, message: string) => {
    if (!el) return;
    el.textContent = message;
    el.classList.toggle('hidden', message === '');
  };

  /** The notice beside the buttons, in view with the buttons under it and focused (a phone too). */
  const stay = (message: string, why: 'save' | 'step') => {
    held = why;
    setProblem(problem, ''); // said beside the buttons now, not twice
    setProblem(leaveProblem, message);
    leaveButtons?.scrollIntoView({ block: 'nearest' });
    leaveProblem?.scrollIntoView({ block: 'nearest' });
    leaveProblem?.focus({ preventScroll: true });
  };

  /** What stops a button from leaving, by save state ('' for nothing). */
  const leaveMessage = (status: Status) =>
    status === 'offline' || (status === 'unsaved' && !navigator.onLine)
      ? INTAKE.offlineLeave
      : status === 'unsaved'
        ? INTAKE.notSavedLeave
        : status === 'conflict'
          ? INTAKE.conflict
          : status === 'locked'
            ? INTAKE.locked
            : '';

  const show = (status: Status) => {
    form.dataset.saveState = status;
    if (statusLine) {
      statusLine.textContent =
        status === 'saved' ? INTAKE.saved : status === 'saving' ? INTAKE.saving : INTAKE.notSaved;
    }
    if (held === 'save') {
      // A press is being answered beside the buttons: keep it current there, and clear it once saved.
      if (status === 'saved') {
        held = null;
        setProblem(leaveProblem, '');
      } else if (status !== 'saving') {
        setProblem(leaveProblem, leaveMessage(status));
      }
      return;
    }
    const message =
      status === 'offline'
        ? INTAKE.offline
        : status === 'conflict'
          ? INTAKE.conflict
          : status === 'locked'
            ? INTAKE.locked
            : '';
    setProblem(problem, message);
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
  window.addEventListener('online', async () => {
    await save();
    // Back online with everything saved: the offline notice beside the buttons has done its job.
    if (held === 'save' && !stopped && Object.keys(pending).length === 0) {
      held = null;
      setProblem(leaveProblem, '');
    }
  });
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
  let pressed = false;
  form.addEventListener('submit', async (event) => {
    if (leaving) return;
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    event.preventDefault();
    if (pressed) return; // the first press is still being answered
    pressed = true;
    try {
      await press(submitter);
    } finally {
      pressed = false;
    }
  });

  async function press(submitter: HTMLButtonElement | null) {
    if (held === 'step') held = null;
    for (const el of fieldsOfForm()) collect(el);
    clearTimeout(timer);
    await save();
    const state = (form.dataset.saveState ?? 'saved') as Status;
    if (stopped) return stay(leaveMessage(state), 'save');
    const unsaved = Object.keys(pending).length > 0;
    if (submitter?.value === 'save') {
      if (unsaved) return stay(leaveMessage(state), 'save');
      held = null;
      setProblem(leaveProblem, '');
      return show('saved');
    }
    // The step's files: those on their way finish first; one that did not upload keeps the step.
    const files = await askToLeave(form, (text) => {
      if (leaveWait) leaveWait.textContent = text ?? '';
    });
    // Offline, the next page cannot load either (the browser would show its own offline page).
    const offline = !navigator.onLine;
    const reasons = [...(unsaved ? [leaveMessage(state)] : offline ? [INTAKE.offlineLeave] : []), ...files];
    if (reasons.length > 0) return stay(reasons.join(' '), unsaved || offline ? 'save' : 'step');
    held = null;
    setProblem(leaveProblem, '');
    leaving = true;
    // In a task of its own: with nothing to save (the review step has no fields) this runs
    // while the click's submit event is still being fired, and a requestSubmit() made then is
    // silently ignored, so Submit and Back did nothing on the first press.
    setTimeout(() => form.requestSubmit(submitter ?? undefined), 0);
  }
}
