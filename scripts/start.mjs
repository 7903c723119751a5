// `npm start`: build the SPA if it is missing or older than its sources, then run the server
// (compiled JavaScript in dist/server, no TypeScript loader) in a child process that receives our signals for a clean shutdown.
// `npm run start:cluster -- --workers N` (this script with --cluster) runs dist/server/cluster.js instead:
// N worker processes on the one port.
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientBuildIsStale, serverBuildIsStale } from './lib/fresh.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// A taken port is told before the (long) first build; server/main.ts checks PORT's format and
// checks the port again before its own first-start work.
const port = /^\d{1,5}$/.test(process.env.PORT ?? '') ? Number(process.env.PORT) : 8787;
const host = process.env.HOST || '127.0.0.1';
if (port > 0 && port <= 65535) {
  const taken = await new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (err) => resolve(err.code === 'EADDRINUSE'));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(false)));
  });
  if (taken) {
    console.error(
      `\nCannot start: port ${port} on ${host} is taken.\nHow to fix: stop the other program or start with PORT=<another port>.\n`,
    );
    process.exit(1);
  }
}

if (clientBuildIsStale(root)) {
  console.log('Building the app (first start, or the sources changed)…');
  const build = spawnSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('\nThe build failed; see the messages above.');
    process.exit(build.status ?? 1);
  }
}

if (serverBuildIsStale(root)) {
  const build = spawnSync(npm, ['run', 'build:server', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('\nThe server build failed; see the messages above.');
    process.exit(build.status ?? 1);
  }
}

const args = process.argv.slice(2);
const clustered = args.includes('--cluster');
const entry = clustered ? 'dist/server/cluster.js' : 'dist/server/main.js';
const rest = args.filter((a) => a !== '--cluster');
const server = spawn(process.execPath, ['--enable-source-maps', entry, ...rest], {
  cwd: root,
  stdio: 'inherit',
});
let forwarded = null;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    forwarded = signal;
    server.kill(signal);
  });
server.on('exit', (code, signal) => {
  if (code !== null) process.exit(code);
  // Stopped by the signal we passed on: a clean stop. Killed by anything else (SIGKILL, the
  // OOM killer) is a failure, and a supervisor (systemd's Restart=on-failure, Docker's
  // restart policy) must see it as one to start the server again.
  if (signal === forwarded) process.exit(0);
  console.error(`\nThe server was killed by ${signal}.`);
  process.exit(128 + (os.constants.signals[signal] ?? 0));
});
