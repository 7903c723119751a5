import crypto from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting the server reads, parsed once at start. No other module reads process.env:
 * tests build a Config directly, and a typo in an operator's environment fails loudly here.
 */
const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Plain decimal digits only: Number() would also take "0x7122", "2.8963e4" or " 80 ". */
const port = z
  .string()
  .regex(/^\d{1,5}$/, 'PORT must be a whole number written in decimal digits, e.g. 8787')
  .transform(Number)
  .refine((n) => n <= 65535, 'PORT must be at most 65535');

/** An absolute http(s) URL: `javascript:`, `data:` or `file:` URLs would end up in mail links. */
const httpUrl = (name: string) =>
  z.url({ protocol: /^https?$/, message: `${name} must be an absolute http(s) URL` });

/** A comma-separated list of http(s) origins (scheme, host and port; no path). */
const originList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .refine(
    (list) => list.every((o) => /^https?:\/\/[^/\s'";,]+$/i.test(o) && URL.canParse(o)),
    'BACKEND_ORIGINS must be comma-separated origins such as https://project.example.org (no path)',
  );

const schema = z.object({
  PORT: port.default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  STORAGE_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\/\S+$/,
      'DATABASE_URL must be a postgres:// URL, e.g. postgres://user:password@host:5432/tuneful (unset: SQLite in DATA_DIR)',
    )
    .optional(),
  PUBLIC_URL: httpUrl('PUBLIC_URL').optional(),
  BACKEND_ORIGINS: originList.default([]),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DEMO_SEED: flag.default(true),
  DEMO_MODE: flag.optional(),
  AUTH_AUTOCONFIRM: flag.default(false),
  SMTP_URL: z.string().optional(),
  AUTH_REDIRECT_ALLOW_LIST: z.string().default(''),
  TRUST_PROXY: flag.default(false),
  AUTH_RATE_LIMIT_SCALE: z.coerce.number().positive().max(10_000).default(1),
  /** libuv reads it itself at start (its own default is 4); read here to size the hash gate. */
  UV_THREADPOOL_SIZE: z
    .string()
    .regex(/^\d{1,4}$/, 'UV_THREADPOOL_SIZE must be a whole number from 1 to 1024, e.g. 4')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 1024, 'UV_THREADPOOL_SIZE must be a whole number from 1 to 1024, e.g. 4')
    .default(4),
  PASSWORD_HASH_QUEUE: z
    .string()
    .regex(/^\d{1,4}$/, 'PASSWORD_HASH_QUEUE must be a whole number from 1 to 1000, e.g. 8')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 1000, 'PASSWORD_HASH_QUEUE must be a whole number from 1 to 1000, e.g. 8')
    .default(8),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  CLIENT_DIR: z.string().optional(),
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must be at least 16 characters (a random secret)')
    .optional(),
  METRICS_PORT: port.optional(),
  AUDIO_RENDER_NICE: z
    .string()
    .regex(/^\d{1,2}$/, 'AUDIO_RENDER_NICE must be a whole number from 0 to 19')
    .transform(Number)
    .refine((n) => n <= 19, 'AUDIO_RENDER_NICE must be a whole number from 0 to 19')
    .default(10),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_EVERY: z
    .string()
    .regex(
      /^\d{1,6}(m|h|d)$/,
      'BACKUP_EVERY must be a whole number of minutes, hours or days, e.g. 30m, 24h or 7d',
    )
    .transform(
      (v) =>
        Number(v.slice(0, -1)) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[v.slice(-1) as 'm' | 'h' | 'd'],
    )
    .refine((ms) => ms >= 60_000, 'BACKUP_EVERY must be at least 1m')
    .optional(),
  BACKUP_KEEP: z
    .string()
    .regex(/^\d{1,4}$/, 'BACKUP_KEEP must be a whole number, e.g. 7')
    .transform(Number)
    .refine((n) => n >= 1, 'BACKUP_KEEP must be at least 1')
    .default(7),
  BACKUP_PASSPHRASE: z
    .string()
    .min(
      12,
      'BACKUP_PASSPHRASE must be at least 12 characters (a long, random phrase kept outside the server)',
    )
    .optional(),
  ADMIN_EMAILS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every((e) => /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/.test(e)),
      'ADMIN_EMAILS must be e-mail addresses separated by commas, e.g. ana@example.org,ben@example.org',
    )
    .default([]),
  VAPID_SUBJECT: z
    .string()
    .regex(
      /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/,
      'VAPID_SUBJECT must be a mailto: address or an https: URL where the push services can reach you, e.g. mailto:ops@example.org',
    )
    .optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{87}$/,
      'VAPID_PUBLIC_KEY must be a P-256 public key, 65 bytes in base64url (87 characters)',
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{43}$/,
      'VAPID_PRIVATE_KEY must be a P-256 private key, 32 bytes in base64url (43 characters)',
    )
    .optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /**
   * DATABASE_URL: PostgreSQL for every process (several may share it); unset, the SQLite file
   * DATA_DIR/app.db of this one machine.
   */
  databaseUrl: string | undefined;
  /**
   * STORAGE_DIR: the storage buckets' files (DATA_DIR/storage by default). Several processes
   * on several machines serve the same files when it is on a shared volume.
   */
  storageDir: string;
  /** Origin members open in their browser; links in mails point here. */
  publicUrl: string;
  env: 'development' | 'production' | 'test';
  demoSeed: boolean;
  /** Developer conveniences (the /test-signup page); off in production unless asked for. */
  demoMode: boolean;
  autoConfirm: boolean;
  smtpUrl: string | undefined;
  /**
   * Other Supabase-compatible backends the app may talk to (chosen in /admin); the CSP's
   * connect-src names these and nothing else besides our own origin.
   */
  backendOrigins: string[];
  /** Extra origins a verify link may redirect to, besides publicUrl. */
  redirectAllowList: string[];
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (for rate limits). */
  trustProxy: boolean;
  /** Multiplies every auth rate limit (tests and load runs from one address raise it). */
  authRateLimitScale: number;
  /**
   * UV_THREADPOOL_SIZE: libuv's thread pool, where scrypt runs. The hash gate (auth/hash-gate.ts)
   * runs one hash fewer than this at once and keeps one of those for members signing in.
   */
  passwordHashThreads: number;
  /** PASSWORD_HASH_QUEUE: requests that may wait for a hash, per lane; the next gets 503 at once. */
  passwordHashQueue: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Folder of the built SPA (vite build output). */
  clientDir: string;
  /** METRICS_TOKEN: `GET /metrics` answers a request bearing it (and 404s any other). */
  metricsToken?: string;
  /** METRICS_PORT: `GET /metrics` without a token, on 127.0.0.1 at this port only. */
  metricsPort?: number;
  /** AUDIO_RENDER_NICE: how far below the server's CPU priority the background audio render runs. */
  renderNice: number;
  /** BACKUP_DIR: where `npm run backup` and the scheduled backups write (DATA_DIR/backups when unset). */
  backupDir: string | undefined;
  /** BACKUP_EVERY in ms: the server takes a backup this often into BACKUP_DIR (unset: never). */
  backupEveryMs: number | undefined;
  /** BACKUP_KEEP: how many scheduled backups are kept (the oldest go first). */
  backupKeep: number;
  /**
   * BACKUP_PASSPHRASE: backups encrypt the signing keys with it and seal their manifest; a
   * restore verifies the seal with it (see server/ops/backup/seal.ts). Unset: keys as they are.
   */
  backupPassphrase?: string;
  /**
   * VAPID_SUBJECT: the contact push services see in every Web Push request (RFC 8292 `sub`).
   * Default: PUBLIC_URL when it is https, else a mailto: of the mail sender.
   */
  vapidSubject: string;
  /**
   * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, both or neither: the operator's own VAPID pair.
   * Unset, the pair generated on first start and kept with the other keys is used.
   */
  vapidKeys?: { publicKey: string; privateKey: string };
  /**
   * ADMIN_EMAILS: the members (by their sign-in e-mail, lower case) who may review teaching
   * applications at /admin/review. Empty: nobody can.
   */
  adminEmails: string[];
  /**
   * scrypt's cost N for new password hashes. Unset (always, outside tests; no variable sets it):
   * production's 2^15. testConfig lowers it, since a test signs up and in dozens of members and
   * each hash at 2^15 costs ~75 ms of CPU; signup.test.ts checks production's cost once.
   */
  passwordHashN?: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(blankless);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    vapidSubject: e.VAPID_SUBJECT ?? defaultVapidSubject(publicUrl, e.SMTP_URL),
    vapidKeys: vapidKeysOf(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY),
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    storageDir: path.resolve(cwd, e.STORAGE_DIR ?? path.join(e.DATA_DIR, 'storage')),
    publicUrl,
    env: e.NODE_ENV,
    demoSeed: e.DEMO_SEED,
    demoMode: e.DEMO_MODE ?? e.NODE_ENV !== 'production',
    autoConfirm: e.AUTH_AUTOCONFIRM,
    smtpUrl: e.SMTP_URL,
    backendOrigins: e.BACKEND_ORIGINS.map((o) => new URL(o).origin),
    redirectAllowList: e.AUTH_REDIRECT_ALLOW_LIST.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    authRateLimitScale: e.AUTH_RATE_LIMIT_SCALE,
    passwordHashThreads: e.UV_THREADPOOL_SIZE,
    passwordHashQueue: e.PASSWORD_HASH_QUEUE,
    logLevel: e.LOG_LEVEL,
    clientDir: path.resolve(cwd, e.CLIENT_DIR ?? 'dist/client'),
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    renderNice: e.AUDIO_RENDER_NICE,
    backupDir: e.BACKUP_DIR ? path.resolve(cwd, e.BACKUP_DIR) : undefined,
    backupEveryMs: e.BACKUP_EVERY,
    backupKeep: e.BACKUP_KEEP,
    backupPassphrase: e.BACKUP_PASSPHRASE,
    adminEmails: e.ADMIN_EMAILS,
  };
}

/**
 * The contact push services may write to about our Web Push traffic: the public site when it is
 * https (what they can open), else the address mail is sent from (SMTP_URL's ?from=, or
 * no-reply@ the public host, as the mailer does).
 */
export function defaultVapidSubject(publicUrl: string, smtpUrl: string | undefined): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  let from: string | null = null;
  try {
    from = smtpUrl ? new URL(smtpUrl).searchParams.get('from') : null;
  } catch {
    from = null;
  }
  const host = new URL(publicUrl).hostname;
  return `mailto:${from ?? `no-reply@${host.includes('.') ? host : `${host}.localdomain`}`}`;
}

/** The operator's VAPID pair: both keys or neither, and the private key must be the public key's. */
function vapidKeysOf(publicKey?: string, privateKey?: string): Config['vapidKeys'] {
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither, to use the generated pair)',
    );
  }
  const ecdh = crypto.createECDH('prime256v1');
  let derived = '';
  try {
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    derived = ecdh.getPublicKey().toString('base64url');
  } catch {
    derived = '';
  }
  if (derived !== publicKey) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PRIVATE_KEY is not the private key of VAPID_PUBLIC_KEY (generate a pair with `npx web-push generate-vapid-keys`)',
    );
  }
  return { publicKey, privateKey };
}

/** A config for tests: everything in a temporary folder, quiet logs. */
export function testConfig(overrides: Partial<Config> & { dataDir: string }): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    publicUrl: 'http://localhost:8787',
    env: 'test',
    demoSeed: false,
    demoMode: true,
    autoConfirm: false,
    smtpUrl: undefined,
    backendOrigins: [],
    redirectAllowList: [],
    trustProxy: false,
    authRateLimitScale: 1,
    passwordHashThreads: 4,
    passwordHashQueue: 8,
    logLevel: 'silent',
    clientDir: path.resolve('dist/client'),
    renderNice: 10,
    backupDir: undefined,
    backupEveryMs: undefined,
    backupKeep: 7,
    adminEmails: [],
    vapidSubject: 'mailto:no-reply@localhost.localdomain',
    // 2^10 instead of production's 2^15: the same code path, ~1.6 ms of CPU per hash instead of ~75.
    passwordHashN: 2 ** 10,
    ...overrides,
    storageDir: overrides.storageDir ?? path.join(overrides.dataDir, 'storage'),
  };
}
