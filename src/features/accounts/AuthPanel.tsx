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
}

/**
 * /auth: log in or create an account. Shows a spinner while the current user loads, and
 * offers /account to someone already signed in. Without JavaScript the page's <noscript>
 * forms post to the same endpoints.
 */
export default function AuthPanel(props: AuthPanelProps) {
  return (
    <AuthProvider>
      <AuthPanelBody {...props} />
    </AuthProvider>
  );
}

function AuthPanelBody({ next, signedInAs, secondFactorPending = false }: AuthPanelProps) {
  const auth = useAuth();
  const [codeStep, setCodeStep] = useState(secondFactorPending);
  usePageHeading(auth.user, codeStep);
  const user = auth.loading ? signedInAs : auth.user;
  const body = user ? (
    <SignedIn user={user} />
  ) : codeStep ? (
    <CodeStep next={next} onCancel={() => setCodeStep(false)} />
  ) : (
    <div className="grid gap-8 md:grid-cols-2">
      <LoginForm next={next} onSecondFactor={() => setCodeStep(true)} />
      <RegisterForm next={next} />
    </div>
  );
  if (!auth.loading) return body;
  // The spinner over an invisible, inert copy of what comes next: same height, so the footer
  // does not jump when it arrives (it did: CLS 0.36 on a phone).
  return (
    <div className="relative">
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
      <div className="invisible" inert aria-hidden="true">
        {body}
      </div>
    </div>
  );
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
  const [pending, setPending] = useState(false);
  async function onLogout() {
    setPending(true);
    try {
      await logout();
      toast({ title: AUTH.logoutTitle, description: AUTH.logoutDescription });
    } catch (error) {
      toast({
        title: AUTH.logoutFailedTitle,
        description: error instanceof Error ? error.message : AUTH.logoutFailedTitle,
        variant: 'destructive',
      });
    } finally {
      setPending(false);
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
        <button type="button" className="btn-secondary" onClick={onLogout} disabled={pending}>
          Log out
        </button>
      </div>
    </div>
  );
}

type Errors = Record<string, string | undefined>;

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
) {
  const [errors, setErrors] = useState<Errors>({});
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

function LoginForm({ next, onSecondFactor }: { next: string | null; onSecondFactor: () => void }) {
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
  );

  return (
    <AuthForm
      id="login"
      title="Log in"
      onSubmit={onSubmit}
      action={`/api/login${next ? `?next=${encodeURIComponent(next)}` : ''}`}
      submit="Log in"
      pending={pending}
    >
      <Field form="login" name="email" label="Email" type="email" autoComplete="email" error={errors.email} />
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
function CodeStep({ next, onCancel }: { next: string | null; onCancel: () => void }) {
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
      if (!(typeof result === 'object' && result !== null && 'recoveryCodeUsed' in result && result.recoveryCodeUsed))
        return false;
      window.location.assign('/account?notice=two-factor-recovery-used#two-factor');
      return true;
    },
  );
  const [canceling, setCanceling] = useState(false);
  async function cancel() {
    setCanceling(true);
    try {
      await logout();
    } catch {
      // The half session ends by itself within minutes; the password step is shown either way.
    }
    setCanceling(false);
    onCancel();
  }
  return (
    <div className="max-w-xl">
      <AuthForm
        id="code-step"
        title={TWO_FACTOR.codeStepTitle}
        onSubmit={onSubmit}
        action={`/api/login/two-factor${next ? `?next=${encodeURIComponent(next)}` : ''}`}
        submit="Verify"
        pending={pending}
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
      <button type="button" className="btn-secondary mt-3 w-full" onClick={cancel} disabled={canceling}>
        Cancel and log in again
      </button>
    </div>
  );
}

function RegisterForm({ next }: { next: string | null }) {
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
  );

  return (
    <AuthForm
      id="register"
      title="Create an account"
      onSubmit={onSubmit}
      action={`/api/register${next ? `?next=${encodeURIComponent(next)}` : ''}`}
      submit="Create account"
      pending={pending}
    >
      <Field form="register" name="name" label="Name" type="text" autoComplete="name" error={errors.name} />
      <Field form="register" name="email" label="Email" type="email" autoComplete="email" error={errors.email} />
      <Field
        form="register"
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password}
        hint={AUTH.passwordHint}
      />
    </AuthForm>
  );
}

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
  onSubmit: (e: SubmitEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${props.id}-title`} className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id={`${props.id}-title`} className="text-2xl font-bold text-slate-900">
        {props.title}
      </h2>
      <form method="post" action={props.action} noValidate onSubmit={props.onSubmit} className="mt-4 space-y-4">
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
}) {
  const { form, ...field } = props;
  return <FormField id={`${form}-${props.name}`} {...field} required />;
}
