import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuthStore } from './auth-store';
import { AuthLoading } from './AuthLoading';

/** The query parameter that carries where a visitor wanted to go, back through sign-in. */
export const RETURN_PARAM = 'returnTo';

/**
 * Wrap a member-only route: `<RequireMember><HomeScreen /></RequireMember>`.
 * While the stored session is read it shows a calm loading state (never a flash of the
 * screen or of the sign-in form); a visitor is sent to `/` with `?returnTo=<path>`, and the
 * sign-in screen sends them back there after signing in.
 */
export function RequireMember({ children }: { children: ReactNode }) {
  const loading = useAuthStore((s) => s.loading);
  const session = useAuthStore((s) => s.session);
  const location = useLocation();
  if (loading) return <AuthLoading />;
  if (!session) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/?${RETURN_PARAM}=${encodeURIComponent(back)}`} replace />;
  }
  return <>{children}</>;
}

/** Only same-app paths may be returned to (never `//evil.example` or a full URL). */
export function safeReturnPath(raw: string | null): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  return raw;
}
