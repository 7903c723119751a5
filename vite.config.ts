import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
// @ts-expect-error plain ES module without types
import { reportFirstScreens } from './scripts/lib/first-screen.mjs';
// @ts-expect-error plain ES module without types
import { precompressPlugin } from './scripts/lib/precompress.mjs';
// @ts-expect-error plain ES module without types
import { serviceWorkerPlugin } from './scripts/lib/service-worker.mjs';
import { scaledTimeout } from './scripts/lib/machine-speed.mjs';

// The API server (Hono) listens on PORT (8787 by default); the dev server proxies every
// service path to it so the SPA talks to one origin, exactly as in production.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? process.env.PORT ?? '8787'}`;
const proxied = ['/api', '/auth', '/rest', '/storage', '/config.json'];

/**
 * The client build gives supabase-js src/lib/realtime-unused.ts for @supabase/realtime-js: the app
 * opens no realtime channel, and that code was 14 KB (brotli) of home's first download (issue 20).
 * Build only: tests and the dev server keep the real package.
 */
function realtimeUnused(): Plugin {
  const replacement = fileURLToPath(new URL('./src/lib/realtime-unused.ts', import.meta.url));
  return {
    name: 'tuneful:realtime-unused',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id === '@supabase/realtime-js' ? replacement : null),
  };
}

/**
 * `--exclude` on the command line (the PostgreSQL run of `npm test` leaves out server/seed/audio)
 * reaches only the root config in Vitest 4.1, never a project: each project adds it itself.
 */
function excludedOnCommandLine(argv = process.argv): string[] {
  return argv.flatMap((arg, i) =>
    arg === '--exclude' && argv[i + 1] ? [argv[i + 1]!] : arg.startsWith('--exclude=') ? [arg.slice(10)] : [],
  );
}

/**
 * Vitest's limits per test and hook, tuned on the reference machine and scaled to this one
 * (scripts/lib/machine-speed.mjs: `npm test` measures it once; a Vitest run alone measures it
 * when it starts). A build or the dev server never measures.
 */
const testLimit = (ms: number) => (process.env.VITEST ? scaledTimeout(ms) : ms);

export default defineConfig({
  // The service worker is built before the precompress step, so sw.js gets its .br/.gz too.
  plugins: [
    realtimeUnused(),
    react(),
    serviceWorkerPlugin(),
    precompressPlugin({ report: (dir: string) => reportFirstScreens(dir) }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/lib/first-screen.mjs to know which chunks each first screen loads.
    manifest: true,
    // A lazy screen's own imports are not listed beside each dynamic import (Vite's preload
    // helper kept every screen's dependency list, with hashed names, in the entry chunk: 2.3 KB
    // brotli on every first screen). Its stylesheets still are (Vite always keeps CSS), the
    // page's own modulepreload links stay (hostType 'html'), landing screens are preloaded by
    // the server (server/lib/route-preloads.ts), and the service worker has every chunk cached
    // after the first visit, so only a first visit's first step to another screen fetches that
    // screen's modules one level after the other.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
  test: {
    exclude: ['node_modules', 'dist', 'tests/e2e/**'],
    environment: 'node',
    testTimeout: testLimit(30_000),
    hookTimeout: testLimit(60_000),
    // Stops the processes a test file started, also when one of its tests failed or timed out.
    setupFiles: ['scripts/lib/vitest-setup.ts'],
    // expect.poll's default limit (1 s), scaled like the others.
    expect: { poll: { timeout: testLimit(5000) } },
    pool: 'forks',
    projects: [
      // The screens' tests: vi.mock, jsdom and module-level stores want a fresh module graph per
      // file. A process per file (Vitest's default) spent 60 % of the suite's CPU starting
      // processes and jsdom; one process runs many files instead, and the screens' setup file
      // resets between files what that process shares (mocks, app modules, the browser state).
      {
        extends: true,
        test: {
          name: 'app',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: excludedOnCommandLine(),
          setupFiles: ['scripts/lib/vitest-setup.ts', 'scripts/lib/vitest-setup-screens.ts'],
          isolate: false,
        },
      },
      // The server, DSP and script tests share one process per worker and its loaded modules:
      // each file re-importing the server (Hono, the zod schemas, pg, the migrations) in a fresh
      // process was about a third of the PostgreSQL run's time. These files mock no module and
      // leave no global behind (Vitest restores spies between files).
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'server/**/*.test.ts',
            'dsp/**/*.test.ts',
            'worklets/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: excludedOnCommandLine(),
          isolate: false,
        },
      },
    ],
  },
});
