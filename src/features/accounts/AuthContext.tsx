import { useStore } from '@nanostores/react';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { apiRequest } from '#lib/api.ts';
import type { LoginInput, RegisterInput } from './schemas.ts';
import type { SignInCodeInput } from './two-factor/schemas.ts';
import { currentUser, syncAccountLinks, type AuthUser } from './current-user.ts';

/** POST /api/login's answer for an account with two-factor sign-in: the code step comes next. */
export interface SecondFactorRequired {
  secondFactorRequired: true;
}

export interface AuthContextValue {
  /** undefined while the current user loads; null when nobody is signed in. */
  user: AuthUser | null | undefined;
  loading: boolean;
  /** The user, or (two-factor sign-in) that the code step comes next: nobody is signed in yet. */
  login(input: LoginInput): Promise<AuthUser | SecondFactorRequired>;
  /**
   * The sign-in code step (POST /api/login/two-factor); `recoveryCodeUsed` when a recovery code
   * was spent, with the `location` to go to (the account page, whose notice the answer left).
   */
  verifySecondFactor(input: SignInCodeInput): Promise<AuthUser & { recoveryCodeUsed: boolean; location?: string }>;
  register(input: RegisterInput): Promise<AuthUser>;
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Auth state for islands, over the shared `currentUser` store. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const state = useStore(currentUser.$state);
  const value = useMemo<AuthContextValue>(
    () => ({
      user: state.status === 'success' ? state.data : state.status === 'error' ? null : undefined,
      loading: state.status === 'loading',
      async login(input) {
        const answer = await apiRequest<AuthUser | SecondFactorRequired>('POST', '/api/login', input);
        if (!('secondFactorRequired' in answer)) currentUser.set(answer);
        return answer;
      },
      async verifySecondFactor(input) {
        const answer = await apiRequest<AuthUser & { recoveryCodeUsed: boolean; location?: string }>(
          'POST',
          '/api/login/two-factor',
          input,
        );
        const { recoveryCodeUsed: _, location: __, ...user } = answer;
        currentUser.set(user);
        return answer;
      },
      async register(input) {
        const user = await apiRequest<AuthUser>('POST', '/api/register', input);
        currentUser.set(user);
        return user;
      },
      async logout() {
        await apiRequest('POST', '/api/logout');
        currentUser.set(null);
      },
    }),
    [state],
  );
  const signedIn = value.user === undefined ? undefined : value.user !== null;
  useEffect(() => {
    // The header's 'Log in' / 'My account' link follows the user as soon as it is known or set.
    if (signedIn !== undefined) syncAccountLinks(signedIn);
  }, [signedIn]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export const USE_AUTH_OUTSIDE_PROVIDER = 'useAuth must be used within an AuthProvider';

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(USE_AUTH_OUTSIDE_PROVIDER);
  return value;
}
