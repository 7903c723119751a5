import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

/** Access tokens live one hour, as GoTrue's default; supabase-js refreshes them in time. */
export const ACCESS_TOKEN_TTL_S = 3600;

export type Role = 'anon' | 'authenticated' | 'service_role';

export interface AccessClaims extends JWTPayload {
  sub: string;
  role: 'authenticated';
  aud: 'authenticated';
  email: string;
  session_id: string;
}

export interface AccessTokenInput {
  userId: string;
  email: string;
  sessionId: string;
  userMetadata: Record<string, unknown>;
  amrMethod: 'password' | 'otp' | 'token_refresh' | 'recovery';
  issuer: string;
  nowS: number;
}

const key = (secret: string) => new TextEncoder().encode(secret);

/** An HS256 JWT with Supabase's claims (reference: supabase-subset.md §1.4). */
export async function signAccessToken(secret: string, t: AccessTokenInput): Promise<string> {
  return new SignJWT({
    aud: 'authenticated',
    role: 'authenticated',
    email: t.email,
    phone: '',
    is_anonymous: false,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: t.userMetadata,
    aal: 'aal1',
    amr: [{ method: t.amrMethod, timestamp: t.nowS }],
    session_id: t.sessionId,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(t.userId)
    .setIssuer(t.issuer)
    .setIssuedAt(t.nowS)
    .setExpirationTime(t.nowS + ACCESS_TOKEN_TTL_S)
    .sign(key(secret));
}

export type VerifyResult =
  { ok: true; role: Role; claims: JWTPayload } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Verifies any of our JWTs (anon key, service key, access token). Only HS256 is accepted, so
 * `alg: none` and algorithm-confusion tokens fail; `currentDate` lets tests move the clock.
 */
export async function verifyJwt(secret: string, token: string, nowMs: number): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
    });
    const role = payload.role;
    if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role')
      return { ok: false, reason: 'invalid' };
    if (
      role === 'authenticated' &&
      (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string')
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, role, claims: payload };
  } catch (err) {
    const code = (err as { code?: string }).code;
    return { ok: false, reason: code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid' };
  }
}

export function bearerToken(header: string | undefined): string | null {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1] ?? null;
}
