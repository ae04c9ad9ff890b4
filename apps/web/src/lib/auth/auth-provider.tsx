import type { TRuntimeConfig } from '@cdca/contracts';
import type { SigninRedirectArgs, UserManager } from 'oidc-client-ts';
import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import {
  hasAuthCallbackParams,
  isExpired,
  readStoredUser,
  type SessionUser,
  storedUserKey,
} from './stored-user.ts';

/** An error of the auth layer; `source` says what failed (identity-error.ts reads it). */
export type AuthError = Error & { source?: string };

export type AuthState = {
  user: SessionUser | undefined;
  isLoading: boolean;
  isAuthenticated: boolean;
  error: AuthError | undefined;
  /** The navigation under way, e.g. `signinRedirect`, while it runs. */
  activeNavigator: string | undefined;
};

/** What the app calls: react-oidc-context's names and behaviour, a failure lands in `error` and never throws. */
export type Auth = AuthState & {
  signinRedirect: (args?: SigninRedirectArgs) => Promise<void>;
  signinSilent: () => Promise<void>;
  signoutRedirect: () => Promise<void>;
  removeUser: () => Promise<void>;
};

type Action =
  | { type: 'user'; user: SessionUser | undefined; clearError: boolean }
  | { type: 'navigator'; method: string | undefined }
  | { type: 'error'; error: AuthError };

const nowSeconds = () => Math.floor(Date.now() / 1000);

const authenticated = (user: SessionUser | undefined) => !!user && !isExpired(user, nowSeconds());

const reducer = (state: AuthState, action: Action): AuthState => {
  if (action.type === 'user') {
    const error = action.clearError ? undefined : state.error;
    return {
      ...state,
      user: action.user,
      isLoading: false,
      isAuthenticated: authenticated(action.user),
      error,
    };
  }
  if (action.type === 'navigator')
    return { ...state, isLoading: action.method !== undefined, activeNavigator: action.method };
  return { ...state, isLoading: false, error: action.error };
};

/** The error as thrown when it is one (its fields stay readable), with what failed attached. */
const authError = (error: unknown, source: string, fallback: string): AuthError =>
  Object.assign(error instanceof Error ? error : new Error(fallback), { source });

/** The fields the app reads, copied from oidc-client-ts's User so the state never holds a class instance. */
const sessionUser = (user: SessionUser | null): SessionUser | undefined =>
  user
    ? {
        access_token: user.access_token,
        profile: { sub: user.profile.sub },
        ...(user.expires_at === undefined ? {} : { expires_at: user.expires_at }),
      }
    : undefined;

const initialState = ({ key, callback }: { key: string; callback: boolean }): AuthState => {
  const user = callback ? undefined : readStoredUser(globalThis.localStorage, key);
  return {
    user,
    isLoading: callback,
    isAuthenticated: authenticated(user),
    error: undefined,
    activeNavigator: undefined,
  };
};

/**
 * How long before the access token lapses oidc-client-ts is loaded, so its silent renewal (60 s before expiry)
 * finds it running. setTimeout takes at most 2^31-1 ms; a later expiry just loads it earlier.
 */
const LOAD_BEFORE_EXPIRY_MS = 120_000;
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

const AuthContext = createContext<Auth | undefined>(undefined);

type AuthProviderProps = { settings: TRuntimeConfig['auth']; children: ReactNode };

/**
 * The account app's sign-in state (docs/decisions/code-splitting.md). A signed-in page load reads the user that
 * oidc-client-ts stored and renders at once; oidc-client-ts itself (17 KB gzip) loads only when it is needed: the
 * provider's answer on /login, sign-in, sign-out, a renewal asked for, and shortly before the token lapses (its
 * automatic silent renewal then runs as before). Once loaded, its events keep the state current, as
 * react-oidc-context did.
 */
export const AuthProvider = ({ settings, children }: AuthProviderProps) => {
  const [isCallback] = useState(() => hasAuthCallbackParams(window.location));
  const [state, dispatch] = useReducer(
    reducer,
    { key: storedUserKey(settings), callback: isCallback },
    initialState,
  );
  const manager = useRef<Promise<UserManager> | undefined>(undefined);

  const load = useCallback((): Promise<UserManager> => {
    manager.current ??= import('./auth-config.ts').then(({ createUserManager }) => {
      const loaded = createUserManager(settings, window.location.origin);
      // The manager lives as long as the page, so its handlers are never removed.
      loaded.events.addUserLoaded((user) =>
        dispatch({ type: 'user', user: sessionUser(user), clearError: true }),
      );
      loaded.events.addUserUnloaded(() => dispatch({ type: 'user', user: undefined, clearError: false }));
      loaded.events.addUserSignedOut(() => dispatch({ type: 'user', user: undefined, clearError: false }));
      loaded.events.addSilentRenewError((error) =>
        dispatch({ type: 'error', error: authError(error, 'renewSilent', 'Renew silent failed') }),
      );
      return loaded;
    });
    return manager.current;
  }, [settings]);

  // The provider's answer (/login?code…&state…): exchange the code, then drop it from the address and history.
  const handledCallback = useRef(false);
  useEffect(() => {
    if (!isCallback || handledCallback.current) return;
    handledCallback.current = true;
    void (async () => {
      try {
        const loaded = await load();
        const user = (await loaded.signinCallback()) ?? (await loaded.getUser());
        window.history.replaceState({}, document.title, window.location.pathname);
        dispatch({ type: 'user', user: sessionUser(user ?? null), clearError: true });
      } catch (error) {
        dispatch({ type: 'error', error: authError(error, 'signinCallback', 'Sign-in failed') });
      }
    })();
  }, [isCallback, load]);

  const expiresAt = state.user?.expires_at;
  const expired = state.user ? isExpired(state.user, nowSeconds()) : true;
  useEffect(() => {
    if (expiresAt === undefined || expired || manager.current) return;
    const delay = Math.max(0, expiresAt * 1000 - Date.now() - LOAD_BEFORE_EXPIRY_MS);
    const timer = setTimeout(() => void load(), Math.min(delay, MAX_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [expiresAt, expired, load]);

  /** react-oidc-context's navigator calls: loading while they run, a failure becomes `error`. */
  const navigator = useCallback(
    <Args,>(
      method: 'signinRedirect' | 'signinSilent' | 'signoutRedirect',
      run: (loaded: UserManager) => Promise<Args>,
    ) =>
      async (): Promise<void> => {
        dispatch({ type: 'navigator', method });
        try {
          await run(await load());
        } catch (error) {
          dispatch({
            type: 'error',
            error: authError(error, method, `Unknown error while executing ${method}(...).`),
          });
        } finally {
          dispatch({ type: 'navigator', method: undefined });
        }
      },
    [load],
  );

  const value = useMemo<Auth>(
    () => ({
      ...state,
      signinRedirect: (args) => navigator('signinRedirect', (loaded) => loaded.signinRedirect(args))(),
      signinSilent: navigator('signinSilent', (loaded) => loaded.signinSilent()),
      signoutRedirect: navigator('signoutRedirect', (loaded) => loaded.signoutRedirect()),
      removeUser: async () => (await load()).removeUser(),
    }),
    [state, navigator, load],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
};

/** The sign-in state and its actions; only inside AuthProvider (the account app). */
export const useAuth = (): Auth => {
  const auth = use(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider (app/account/provider.tsx).');
  return auth;
};
