import { useEffect, useRef, useState, type SubmitEvent, type ReactNode } from 'react';
import FormField from '#components/ui/FormField.tsx';
import { ApiError } from '#lib/api.ts';
import { AUTH } from './copy.ts';
import { loginSchema, registerSchema } from './schemas.ts';
import { toast } from '#lib/stores/toast.ts';
import { AuthProvider, useAuth } from './AuthContext.tsx';
import type { AuthUser } from './current-user.ts';
import { TWO_FACTOR } from './two-factor/copy.ts';
import { signInCodeSchema } from './two-factor/schemas.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './password-rules.ts';

/** /auth's page heading (AuthPage.astro renders it; the panel keeps it in step with the user). */
export const AUTH_PAGE_HEADING = {
  signedOut: 'Log in or create an account',
  signedIn: 'You are signed in',
  secondFactor: TWO_FACTOR.codeStepHeading,
} as const;

export interface AuthPanelProps {
  /** Where to go after signing in (already checked to be a same-site path). */
  next: string | null;
  /**
   * Who the request that rendered the page was signed in as: while the current user loads, the
   * panel keeps the room of what will replace the spinner, so nothing below it moves.
   */
  signedInAs: AuthUser | null;
  /** The password step passed for an account with two-factor sign-in: the code step comes first. */
  secondFactorPending?: boolean;
  /** A failed no-JavaScript post's field messages and kept values, by form (from the feedback cookie). */
  feedback?: { login?: FormFeedback; register?: FormFeedback };
}

type Errors = Record<string, string | undefined>;

export interface FormFeedback {
  errors: Errors;
  values: Record<string, string | undefined>;
}

/**
 * /auth: log in or create an account, or offers /account to someone already signed in. The
 * server renders the real forms for the state it knows (plain posts that work without
 * JavaScript); once hydrated they validate and post as JSON with toasts, and a spinner covers
 * the panel while the current user loads.
 */
export default function AuthPanel(props: AuthPanelProps) {
  return (
    <AuthProvider>
      <AuthPanelBody {...props} />
    </AuthProvider>
  );
}

function AuthPanelBody({ next, signedInAs, secondFactorPending = false, feedback = {} }: AuthPanelProps) {
  const auth = useAuth();
  const hydrated = useHydrated();
  const [codeStep, setCodeStep] = useState(secondFactorPending);
  usePageHeading(auth.user, codeStep);
  // The server's render (and the first one here, which must match it) shows what the server knew.
  const loading = !hydrated || auth.loading;
  const user = loading ? signedInAs : auth.user;
  const body = user ? (
    <SignedIn user={user} />
  ) : codeStep ? (
    <CodeStep next={next} hydrated={hydrated} onCancel={() => setCodeStep(false)} />
  ) : (
    <div className="grid gap-8 md:grid-cols-2">
      <LoginForm next={next} hydrated={hydrated} feedback={feedback.login} onSecondFactor={() => setCodeStep(true)} />
      <RegisterForm next={next} hydrated={hydrated} feedback={feedback.register} />
    </div>
  );
  // The spinner over an invisible, inert panel: same height, so the footer does not jump when
  // it arrives (it did: CLS 0.36 on a phone). The panel stays in one place in the tree, so what
  // someone typed before the page hydrated survives the spinner.
  const spinning = hydrated && auth.loading;
  return (
    <div className="relative">
      {spinning && (
        <div
          role="status"
          className="absolute inset-x-0 top-0 flex items-center gap-3 py-16 text-slate-700"
          data-testid="auth-spinner"
        >
          <svg aria-hidden="true" className="size-6 motion-safe:animate-spin" viewBox="0 0 24 24" fill="none">
            <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity=".25" strokeWidth="4" />
            <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
          </svg>
          Loading your account…
        </div>
      )}
      <div className={spinning ? 'invisible' : undefined} inert={spinning} aria-hidden={spinning || undefined}>
        {body}
      </div>
    </div>
  );
}

/** false on the server and in the render that hydrates its HTML, true from then on. */
function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Keeps the page's <h1> (and the document title) in step with the user the moment it is
 * set, without a reload. After signing in or out here, the form or button that had focus
 * is gone: focus moves to the heading, so keyboard and screen reader users start from the
 * new state instead of the top of the page.
 */
function usePageHeading(user: AuthUser | null | undefined, codeStep: boolean) {
  const state = user === undefined ? undefined : user ? 'signedIn' : codeStep ? 'secondFactor' : 'signedOut';
  const previous = useRef(state);
  useEffect(() => {
    const was = previous.current;
    previous.current = state;
    if (state === undefined) return;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    const text = AUTH_PAGE_HEADING[state];
    const shown = heading.textContent?.trim() ?? '';
    if (shown !== text) {
      heading.textContent = text;
      if (shown) document.title = document.title.replace(shown, text);
    }
    if (was !== undefined && was !== state) {
      heading.tabIndex = -1;
      heading.focus();
    }
  }, [state]);
}

function SignedIn({ user }: { user: AuthUser }) {
  const { logout } = useAuth();
  async function onLogout() {
    try {
      await logout();
      toast({ title: AUTH.logoutTitle, description: AUTH.logoutDescription });
    } catch (error) {
      toast({
        title: AUTH.logoutFailedTitle,
        description: error instanceof Error ? error.message : AUTH.logoutFailedTitle,
        variant: 'destructive',
      });
    }
  }
  return (
    <div className="max-w-xl min-w-0 rounded-2xl border border-slate-200 bg-white p-6 wrap-anywhere">
      <p className="text-lg text-slate-800">
        You are signed in as{' '}
        <strong>
          <bdi>{user.name}</bdi>
        </strong>{' '}
        (<bdi>{user.email}</bdi>).
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <a href="/account" className="btn-primary">
          Go to My account
        </a>
        {user.role === 'admin' && (
          <a href="/admin" className="btn-secondary">
            Open admin
          </a>
        )}
        {/* A plain post signs out without JavaScript; with it, the request and a toast. */}
        <SignOutForm className="contents" buttonClassName="btn-secondary" signOut={onLogout}>
          Log out
        </SignOutForm>
      </div>
    </div>
  );
}

/**
 * A button that signs out: a plain post to /api/logout without JavaScript; once hydrated,
 * `signOut` runs instead (it handles its own failures), the button disabled until it settles.
 */
function SignOutForm(props: {
  className: string;
  buttonClassName: string;
  signOut: () => Promise<void>;
  children: ReactNode;
}) {
  const [pending, setPending] = useState(false);
  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      await props.signOut();
    } finally {
      setPending(false);
    }
  }
  return (
    <form method="post" action="/api/logout" className={props.className} onSubmit={(event) => void onSubmit(event)}>
      <button type="submit" className={props.buttonClassName} disabled={pending}>
        {props.children}
      </button>
    </form>
  );
}

function fieldErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

function serverFieldErrors(error: unknown): Errors {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0]]));
}

interface Outcome {
  successTitle: string;
  successDescription: string;
  failureTitle: string;
}

/**
 * A sign-in form's submit: validate with the endpoint's schema, call `action`, then toast
 * and go on to `next`, or show the server's field errors and a destructive toast.
 */
function useAuthSubmit<T>(
  schema: {
    safeParse(
      data: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };
  },
  action: (input: T) => Promise<unknown>,
  outcome: Outcome,
  next: string | null,
  /** Decides what follows a successful `action` itself (returns true), instead of the toast and `next`. */
  handled: (result: unknown) => boolean = () => false,
  /** Messages from a failed no-JavaScript post, shown until the next submit. */
  initialErrors: Errors = {},
) {
  const [errors, setErrors] = useState<Errors>(initialErrors);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error.issues));
    setErrors({});
    setPending(true);
    try {
      if (handled(await action(parsed.data))) return;
      toast({ title: outcome.successTitle, description: outcome.successDescription });
      if (next) window.location.assign(next);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toast({
        title: outcome.failureTitle,
        description: serverText(error, outcome.failureTitle),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }
  return { errors, pending, onSubmit };
}

interface FormProps {
  next: string | null;
  hydrated: boolean;
  feedback?: FormFeedback | undefined;
}

function LoginForm({ next, hydrated, feedback, onSecondFactor }: FormProps & { onSecondFactor: () => void }) {
  const { login } = useAuth();
  const { errors, pending, onSubmit } = useAuthSubmit(
    loginSchema,
    login,
    {
      successTitle: AUTH.loginSuccessTitle,
      successDescription: AUTH.loginSuccessDescription,
      failureTitle: AUTH.loginFailedTitle,
    },
    next,
    (result) => {
      const codeStep = typeof result === 'object' && result !== null && 'secondFactorRequired' in result;
      if (codeStep) onSecondFactor();
      return codeStep;
    },
    feedback?.errors,
  );

  return (
    <AuthForm
      id="login"
      title="Log in"
      onSubmit={onSubmit}
      action={withNext('/api/login', next)}
      submit="Log in"
      pending={pending}
      hydrated={hydrated}
    >
      <Field
        form="login"
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email}
        defaultValue={feedback?.values.email}
      />
      <Field
        form="login"
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
      />
      <p className="text-sm">
        <a href="/forgot-password" className="link">
          Forgot your password?
        </a>
      </p>
    </AuthForm>
  );
}

/**
 * The sign-in code step of an account with two-factor sign-in: a code from the authenticator
 * app or a recovery code. After a recovery code, the account page (recovery codes left).
 */
function CodeStep({ next, hydrated, onCancel }: { next: string | null; hydrated: boolean; onCancel: () => void }) {
  const { verifySecondFactor, logout } = useAuth();
  const { errors, pending, onSubmit } = useAuthSubmit(
    signInCodeSchema,
    verifySecondFactor,
    {
      successTitle: TWO_FACTOR.verifiedTitle,
      successDescription: TWO_FACTOR.verifiedDescription,
      failureTitle: TWO_FACTOR.verifyFailedTitle,
    },
    next,
    (result) => {
      // After a recovery code the answer names the account page (its notice rides in a cookie).
      if (!(
        typeof result === 'object' &&
        result !== null &&
        'location' in result &&
        typeof result.location === 'string'
      ))
        return false;
      window.location.assign(result.location);
      return true;
    },
  );
  async function cancel() {
    try {
      await logout();
    } catch {
      // The half session ends by itself within minutes; the password step is shown either way.
    }
    onCancel();
  }
  return (
    <div id="two-factor" className="max-w-xl">
      <AuthForm
        id="code-step"
        title={TWO_FACTOR.codeStepTitle}
        onSubmit={onSubmit}
        action={withNext('/api/login/two-factor', next)}
        submit="Verify"
        pending={pending}
        hydrated={hydrated}
      >
        <p className="text-slate-700">{TWO_FACTOR.codeStepLead}</p>
        <FormField
          id="code-step-code"
          name="code"
          label={TWO_FACTOR.codeLabel}
          type="text"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          hint={TWO_FACTOR.codeHint}
          error={errors.code}
          required
        />
      </AuthForm>
      {/* Without JavaScript the post signs the half session out and comes back to the password step. */}
      <SignOutForm className="mt-3" buttonClassName="btn-secondary w-full" signOut={cancel}>
        Cancel and log in again
      </SignOutForm>
    </div>
  );
}

function RegisterForm({ next, hydrated, feedback }: FormProps) {
  const { register } = useAuth();
  const { errors, pending, onSubmit } = useAuthSubmit(
    registerSchema,
    register,
    {
      successTitle: AUTH.registerSuccessTitle,
      successDescription: AUTH.registerSuccessDescription,
      failureTitle: AUTH.registrationFailedTitle,
    },
    next,
    undefined,
    feedback?.errors,
  );

  return (
    <AuthForm
      id="register"
      title="Create an account"
      onSubmit={onSubmit}
      action={withNext('/api/register', next)}
      submit="Create account"
      pending={pending}
      hydrated={hydrated}
    >
      <Field
        form="register"
        name="name"
        label="Name"
        type="text"
        autoComplete="name"
        error={errors.name}
        defaultValue={feedback?.values.name}
        minLength={2}
        maxLength={100}
      />
      <Field
        form="register"
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email}
        defaultValue={feedback?.values.email}
      />
      <Field
        form="register"
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password}
        hint={AUTH.passwordHint}
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
      />
    </AuthForm>
  );
}

/** A form's endpoint, carrying where to go after signing in when there is somewhere. */
const withNext = (path: string, next: string | null) => (next ? `${path}?next=${encodeURIComponent(next)}` : path);

/** The server's own error text when it sent one, else `fallback`. */
function serverText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

function AuthForm(props: {
  id: string;
  title: string;
  action: string;
  submit: string;
  pending: boolean;
  /** Until hydrated the browser checks the fields (the post works without JavaScript); then the schema does. */
  hydrated: boolean;
  onSubmit: (e: SubmitEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${props.id}-title`} className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id={`${props.id}-title`} className="text-2xl font-bold text-slate-900">
        {props.title}
      </h2>
      <form
        method="post"
        action={props.action}
        noValidate={props.hydrated}
        onSubmit={props.onSubmit}
        className="mt-4 space-y-4"
      >
        {props.children}
        <button type="submit" className="btn-primary w-full" disabled={props.pending}>
          {props.pending ? 'Please wait…' : props.submit}
        </button>
      </form>
    </section>
  );
}

function Field(props: {
  form: string;
  name: string;
  label: string;
  type: string;
  autoComplete: string;
  error?: string | undefined;
  hint?: string;
  defaultValue?: string | undefined;
  minLength?: number;
  maxLength?: number;
}) {
  const { form, ...field } = props;
  return <FormField id={`${form}-${props.name}`} {...field} required />;
}
