/**
 * /auth in the browser. The server renders the panel for the state it knows (the two forms, the
 * two-factor code step, or "You are signed in"), as plain posts that work without JavaScript,
 * and each state again in a <template>. This script posts the forms as JSON to the same
 * endpoints instead: it shows the server's field messages next to the fields, says how it went
 * in a toast (the page's Toaster loads on the first one), goes on to `next`, or swaps the panel
 * to the state that follows, without a reload. The browser checks the fields first (required,
 * type=email, minlength/maxlength): the endpoints' schemas stay on the server.
 */
import { showFieldErrors, type FieldErrors } from '#components/ui/field-errors.ts';
import { ApiError, apiRequest } from '#lib/api.ts';
import { toast } from '#lib/stores/toast.ts';
import type { AuthPageState } from './copy.ts';
import { syncAccountLinks, type AuthUser } from './current-user.ts';

/** What a form of the panel does (its `data-auth`). */
export type AuthFormKind = 'login' | 'register' | 'code-step' | 'logout' | 'cancel';

/** What the sign-in endpoints answer: the user, the code step (POST /api/login), or where to go after a recovery code. */
type SignInAnswer = AuthUser | { secondFactorRequired: true } | (AuthUser & { location: string });

/** The answer's first message per field, when it is a refused form. */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0]]));
}

/** Names of a form's fields, in order (the ids of their controls are `{section id}-{name}`). */
const fieldNames = (form: HTMLFormElement) =>
  [...form.elements].flatMap((control) => (control instanceof HTMLInputElement && control.name ? [control.name] : []));

/**
 * The page's heading and title follow what the panel shows; the form or button that had focus
 * is gone, so focus moves to the heading: keyboard and screen reader users start from the new
 * state instead of the top of the page.
 */
function showHeading(text: string) {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading || !text) return;
  const shown = heading.textContent?.trim() ?? '';
  if (shown !== text) {
    heading.textContent = text;
    if (shown) document.title = document.title.replace(shown, text);
  }
  heading.tabIndex = -1;
  heading.focus();
}

export function enhanceAuthPanel(panel: HTMLElement): void {
  const next = panel.dataset.next || null;
  const pendingText = panel.dataset.pending ?? '';

  /** Swaps the panel to `state` (from its template), `user` filled in when signed in. */
  function show(state: AuthPageState, user?: AuthUser) {
    const template = document.querySelector<HTMLTemplateElement>(`template[data-auth-state="${state}"]`);
    if (!template) return;
    const content = document.importNode(template.content, true);
    if (user) {
      for (const slot of content.querySelectorAll<HTMLElement>('[data-user]'))
        slot.textContent = slot.dataset.user === 'email' ? user.email : user.name;
      if (user.role !== 'admin') for (const link of content.querySelectorAll('[data-admin-only]')) link.remove();
    }
    panel.replaceChildren(content);
    syncAccountLinks(state === 'signedIn');
    showHeading(template.dataset.heading ?? '');
  }

  /** Log in, create an account or the code step: the endpoint's answer decides what follows. */
  async function signIn(form: HTMLFormElement) {
    const section = form.closest('section')?.id ?? '';
    const fields = fieldNames(form);
    const { doneTitle = '', doneDescription, failedTitle = '' } = form.dataset;
    showFieldErrors(form, section, fields, {});
    try {
      const answer = await apiRequest<SignInAnswer>(
        'POST',
        form.getAttribute('action') ?? '',
        Object.fromEntries(new FormData(form)),
      );
      if ('secondFactorRequired' in answer) return show('secondFactor');
      // After a recovery code: the account page, which says so (its notice rides in a cookie).
      if ('location' in answer) return window.location.assign(answer.location);
      toast({ title: doneTitle, description: doneDescription });
      show('signedIn', answer);
      if (next) window.location.assign(next);
    } catch (error) {
      showFieldErrors(form, section, fields, fieldErrorsOf(error));
      const serverText = error instanceof ApiError ? error.serverMessage : undefined;
      toast({ title: failedTitle, description: serverText ?? failedTitle, variant: 'destructive' });
    }
  }

  /** Log out, or leave the code step (which ends the half-signed-in session). */
  async function signOut(form: HTMLFormElement, kind: 'logout' | 'cancel') {
    const { doneTitle = '', doneDescription, failedTitle = '' } = form.dataset;
    try {
      await apiRequest('POST', form.getAttribute('action') ?? '');
    } catch (error) {
      // The half session of the code step ends by itself within minutes: the forms come back either way.
      if (kind === 'logout') {
        const description = error instanceof Error ? error.message : failedTitle;
        return void toast({ title: failedTitle, description, variant: 'destructive' });
      }
    }
    if (kind === 'logout') toast({ title: doneTitle, description: doneDescription });
    show('signedOut');
  }

  /** Forms under way: a second press waits for the first answer. */
  const busy = new WeakSet<HTMLFormElement>();
  // One listener for every form the panel shows, including those swapped in later.
  panel.addEventListener('submit', async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const kind = form.dataset.auth as AuthFormKind | undefined;
    if (!kind) return;
    event.preventDefault();
    if (busy.has(form)) return;
    busy.add(form);
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    const label = button?.textContent ?? '';
    const signingOut = kind === 'logout' || kind === 'cancel';
    if (button) {
      button.disabled = true;
      if (!signingOut) button.textContent = pendingText;
    }
    try {
      await (signingOut ? signOut(form, kind) : signIn(form));
    } finally {
      busy.delete(form);
      if (button) {
        button.disabled = false;
        button.textContent = label;
      }
    }
  });
  // Says the panel's code runs (tests wait for it before they expect the behaviour above).
  panel.dataset.enhanced = '';
  // The loader holds a form sent before this code was here (`sent` 1, template-loader.ts): send
  // it now, checked. From now on (2) every submit is this code's.
  const loader = panel as HTMLElement & { sent?: 1 | 2; heldForm?: HTMLFormElement };
  const held = loader.sent === 1 ? loader.heldForm : undefined;
  loader.sent = 2;
  held?.requestSubmit();
}
