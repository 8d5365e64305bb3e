import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SESSION_COOKIES, type RoleKey, type SessionUserDto } from '@rrp/domain';
import { ApiError, apiFetch, setApiErrorHandler, setSessionSource } from './api-client';
import { deleteCookie, readCookie, writeCookie } from './cookies';
import { resolveActiveRole } from './roles';
import { serverRequest } from './server-request';

const {
  token: TOKEN_COOKIE,
  realToken: REAL_TOKEN_COOKIE,
  role: ROLE_COOKIE,
  realRole: REAL_ROLE_COOKIE,
} = SESSION_COOKIES;
const ROLE_COOKIE_DAYS = 30;

/** The `exp` of a JWT, in milliseconds, or null when it cannot be read. */
function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

function storedToken(): string | null {
  const token = readCookie(TOKEN_COOKIE);
  const expiry = token ? tokenExpiry(token) : null;
  return token && expiry && expiry > Date.now() ? token : null;
}

/** The role a user will act in now (remembered, primary or only role). */
export function activeRoleFor(user: SessionUserDto): RoleKey | null {
  return resolveActiveRole(user, readCookie(ROLE_COOKIE));
}

/**
 * Starts or ends an impersonation: the page starts afresh on the home page in the other person's
 * session, in their own role (or the staff member's remembered one on EXIT). Starting afresh is
 * the one way nothing of the previous person stays: no read fetched for them, no call of their
 * screens sent with the other token or role (issue 30.2), no state of their screens.
 */
function enterSession(token: string, role: string | null): void {
  writeCookie(TOKEN_COOKIE, token, new Date(tokenExpiry(token) ?? Date.now() + 3_600_000));
  if (role) writeCookie(ROLE_COOKIE, role, new Date(Date.now() + ROLE_COOKIE_DAYS * 86_400_000));
  else deleteCookie(ROLE_COOKIE);
  window.location.assign('/');
}

// The API client reads the session from here, so calls made outside React carry it too. A page
// rendered on the server reads the request's session instead (lib/server-request.ts).
let currentToken: string | null = typeof document === 'undefined' ? null : storedToken();
let currentRole: RoleKey | null = null;
/** The session's token: on the server the request's, else the one this page holds. */
const sessionToken = () => (serverRequest() ? storedToken() : currentToken);
setSessionSource({ token: sessionToken, role: () => serverRequest()?.activeRole() ?? currentRole });

export interface Session {
  token: string | null;
  user: SessionUserDto | null;
  /** True until the signed-in user's record has loaded. */
  loading: boolean;
  activeRole: RoleKey | null;
  signIn(token: string): Promise<SessionUserDto>;
  signOut(): Promise<void>;
  switchRole(role: RoleKey): void;
  /** True while a staff member acts as another user. */
  impersonating: boolean;
  impersonate(email: string): Promise<void>;
  stopImpersonating(): Promise<void>;
  /** Drops the session locally (after a 401); the server already refused the token. */
  forget(): void;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

export const meQueryKey = ['session', 'me'] as const;

/** What the app's failure handling may do with the session. */
export interface SessionControls {
  forget(): void;
  email(): string;
  /** True while a staff member acts as another user. */
  impersonating(): boolean;
}

export function SessionProvider({
  children,
  onApiError,
}: {
  children: ReactNode;
  onApiError: (error: ApiError, session: SessionControls) => void;
}) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(sessionToken);
  const [rememberedRole, setRememberedRole] = useState<string | null>(() => readCookie(ROLE_COOKIE));

  const me = useQuery({
    queryKey: [...meQueryKey, token],
    queryFn: () => apiFetch<SessionUserDto>('user/me/'),
    enabled: token !== null,
    staleTime: 60_000,
  });
  const user = token ? (me.data ?? null) : null;
  const activeRole = user ? resolveActiveRole(user, rememberedRole) : null;
  // Calls read the session outside React; keep it in step before any child starts fetching.
  useLayoutEffect(() => {
    currentToken = token;
    currentRole = activeRole;
  }, [token, activeRole]);

  const forget = useCallback(() => {
    deleteCookie(TOKEN_COOKIE);
    currentToken = null;
    setToken(null);
    queryClient.clear();
  }, [queryClient]);

  const email = useRef('');
  useEffect(() => {
    email.current = user?.email ?? '';
  }, [user]);
  useEffect(() => {
    setApiErrorHandler((error) =>
      onApiError(error, {
        forget,
        email: () => email.current,
        impersonating: () => readCookie(REAL_TOKEN_COOKIE) !== null,
      }),
    );
  }, [onApiError, forget]);

  // The stored token is checked once on load; a revoked one (logout elsewhere, password reset) is dropped.
  useEffect(() => {
    const initial = currentToken;
    if (!initial) return;
    apiFetch('api-token-verify/', { method: 'POST', body: { token: initial }, handleStatus: [401] }).catch(
      (error: unknown) => {
        // Only the server's refusal ends the session; a dropped connection or navigation does not.
        if (error instanceof ApiError && error.status < 500 && currentToken === initial) forget();
      },
    );
  }, [forget]);

  const signIn = useCallback(
    async (next: string) => {
      const expiry = tokenExpiry(next);
      writeCookie(TOKEN_COOKIE, next, new Date(expiry ?? Date.now() + 3_600_000));
      currentToken = next;
      const profile = await queryClient.fetchQuery({
        queryKey: [...meQueryKey, next],
        // The new session's own user, whatever role the previous one was viewing as.
        queryFn: () => apiFetch<SessionUserDto>('user/me/', { as: { token: next, role: null } }),
      });
      setToken(next);
      return profile;
    },
    [queryClient],
  );

  const [impersonating, setImpersonating] = useState(() => readCookie(REAL_TOKEN_COOKIE) !== null);

  const impersonate = useCallback(async (email: string) => {
    const real = currentToken;
    if (!real) return;
    const { token: acting } = await apiFetch<{ token: string }>('api-token-auth/', {
      method: 'POST',
      body: { email, token: real },
    });
    const expires = new Date(tokenExpiry(real) ?? Date.now() + 3_600_000);
    writeCookie(REAL_TOKEN_COOKIE, real, expires);
    const staffRole = readCookie(ROLE_COOKIE);
    if (staffRole) writeCookie(REAL_ROLE_COOKIE, staffRole, expires);
    else deleteCookie(REAL_ROLE_COOKIE);
    enterSession(acting, null);
  }, []);

  /** EXIT: log the end of the impersonation, then restore the staff member's own session. */
  const stopImpersonating = useCallback(async () => {
    const real = readCookie(REAL_TOKEN_COOKIE);
    const staffRole = readCookie(REAL_ROLE_COOKIE);
    await apiFetch('post-log/', {
      method: 'POST',
      body: { log: 'Impersonation ended' },
      handleStatus: [401, 403],
    }).catch(() => undefined);
    deleteCookie(REAL_TOKEN_COOKIE);
    deleteCookie(REAL_ROLE_COOKIE);
    if (real && (tokenExpiry(real) ?? 0) > Date.now()) return enterSession(real, staffRole);
    setImpersonating(false);
    forget();
  }, [forget]);

  const signOut = useCallback(async () => {
    try {
      await apiFetch('logout/', { method: 'POST', handleStatus: [401, 403] });
    } finally {
      deleteCookie(REAL_TOKEN_COOKIE);
      deleteCookie(REAL_ROLE_COOKIE);
      setImpersonating(false);
      forget();
    }
  }, [forget]);

  const switchRole = useCallback(
    (role: RoleKey) => {
      writeCookie(ROLE_COOKIE, role, new Date(Date.now() + ROLE_COOKIE_DAYS * 86_400_000));
      currentRole = role;
      setRememberedRole(role);
      // Everything shown was fetched for the previous role.
      void queryClient.invalidateQueries();
    },
    [queryClient],
  );

  const value = useMemo<Session>(
    () => ({
      token,
      user,
      loading: token !== null && me.isPending,
      activeRole,
      signIn,
      signOut,
      switchRole,
      forget,
      impersonating,
      impersonate,
      stopImpersonating,
    }),
    [
      token,
      user,
      me.isPending,
      activeRole,
      signIn,
      signOut,
      switchRole,
      forget,
      impersonating,
      impersonate,
      stopImpersonating,
    ],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
