import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting the server reads, parsed once at start. No other module reads process.env:
 * tests build a Config directly, and a typo in an operator's environment fails loudly here.
 */
const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url({ message: 'PUBLIC_URL must be an absolute http(s) URL' }).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DEMO_SEED: flag.default(true),
  DEMO_MODE: flag.optional(),
  AUTH_AUTOCONFIRM: flag.default(false),
  SMTP_URL: z.string().optional(),
  AUTH_REDIRECT_ALLOW_LIST: z.string().default(''),
  TRUST_PROXY: flag.default(false),
  AUTH_RATE_LIMIT_SCALE: z.coerce.number().positive().max(10_000).default(1),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  CLIENT_DIR: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Origin members open in their browser; links in mails point here. */
  publicUrl: string;
  env: 'development' | 'production' | 'test';
  demoSeed: boolean;
  /** Developer conveniences (the /test-signup page); off in production unless asked for. */
  demoMode: boolean;
  autoConfirm: boolean;
  smtpUrl: string | undefined;
  /** Extra origins a verify link may redirect to, besides publicUrl. */
  redirectAllowList: string[];
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (for rate limits). */
  trustProxy: boolean;
  /** Multiplies every auth rate limit (tests and load runs from one address raise it). */
  authRateLimitScale: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Folder of the built SPA (vite build output). */
  clientDir: string;
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
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    publicUrl,
    env: e.NODE_ENV,
    demoSeed: e.DEMO_SEED,
    demoMode: e.DEMO_MODE ?? e.NODE_ENV !== 'production',
    autoConfirm: e.AUTH_AUTOCONFIRM,
    smtpUrl: e.SMTP_URL,
    redirectAllowList: e.AUTH_REDIRECT_ALLOW_LIST.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    authRateLimitScale: e.AUTH_RATE_LIMIT_SCALE,
    logLevel: e.LOG_LEVEL,
    clientDir: path.resolve(cwd, e.CLIENT_DIR ?? 'dist/client'),
  };
}

/** A config for tests: everything in a temporary folder, quiet logs. */
export function testConfig(overrides: Partial<Config> & { dataDir: string }): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:8787',
    env: 'test',
    demoSeed: false,
    demoMode: true,
    autoConfirm: false,
    smtpUrl: undefined,
    redirectAllowList: [],
    trustProxy: false,
    authRateLimitScale: 1,
    logLevel: 'silent',
    clientDir: path.resolve('dist/client'),
    ...overrides,
  };
}
