// Processes a test starts (the real server, the cluster, a CLI): each in its own process group,
// so that stopping it also stops what it started (a cluster's workers), and each remembered
// until it has exited, so that a test that fails or times out before its own cleanup still
// leaves nothing running: `stopAllProcesses()` runs after every test file (vitest.setup.ts), and
// the process groups are killed when the test process itself exits.
//
// Waits are for events (a line of output, the exit), never a fixed time; their limits are
// scaled to the machine (scripts/lib/machine-speed.mjs) and only decide how long a broken run
// takes to fail.
import { spawn, type SpawnOptions } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { scaledTimeout } from './machine-speed.mjs';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Started {
  child: ChildProcess;
  pid: number;
  /** stdout and stderr as they arrived, interleaved. */
  output(): string;
  stdout(): string;
  stderr(): string;
  exited: Promise<Exit>;
  /** When it has exited and its output is complete (whoever else held its pipes has closed them). */
  closed: Promise<void>;
  /**
   * Resolves when the output contains `text`; rejects, with the output so far, when the process
   * exits first or after `ms` (tuned on the reference machine, scaled to this one).
   */
  waitForOutput(text: string | RegExp, ms?: number): Promise<void>;
  /** SIGTERM (or `signal`) to the process; its whole group is killed if it has not exited within `graceMs`. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<Exit>;
}

const running = new Set<Started>();

/** How long a started process gets to print what a test waits for, on the reference machine. */
export const START_MS = 60_000;

/** Starts `cmd args` in its own process group, collecting its output. */
export function startProcess(
  cmd: string,
  args: string[],
  options: Omit<SpawnOptions, 'detached' | 'stdio'> = {},
): Started {
  const child = spawn(cmd, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString();
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
    out += d.toString();
  });
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    // A command that cannot be started at all (no such file) ends here, without 'exit'.
    child.once('error', () => resolve({ code: null, signal: null }));
  });
  const closed = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.once('error', () => resolve());
  });
  const started: Started = {
    child,
    pid: child.pid ?? -1,
    output: () => out,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    closed,
    waitForOutput: (text, ms = START_MS) => waitForOutput(started, text, ms),
    stop: (signal = 'SIGTERM', graceMs = 10_000) => stop(started, signal, graceMs),
  };
  // Kept until stopAllProcesses, even once it has exited: what it started may still run in its
  // group (and some tests check that it does not by itself, so it is not killed on exit here).
  running.add(started);
  return started;
}

function waitForOutput(p: Started, text: string | RegExp, ms: number): Promise<void> {
  const seen = () => (typeof text === 'string' ? p.output().includes(text) : text.test(p.output()));
  if (seen()) return Promise.resolve();
  const limit = scaledTimeout(ms);
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      clearTimeout(timer);
      p.child.stdout?.off('data', check);
      p.child.stderr?.off('data', check);
      if (err) reject(err);
      else resolve();
    };
    const check = () => {
      if (seen()) done();
    };
    const timer = setTimeout(
      () => done(new Error(`no ${String(text)} within ${limit} ms; the output so far:\n${p.output()}`)),
      limit,
    );
    p.child.stdout?.on('data', check);
    p.child.stderr?.on('data', check);
    void p.exited.then(async ({ code, signal }) => {
      // Its last output may arrive after 'exit'.
      await Promise.race([p.closed, new Promise((r) => setTimeout(r, 500))]);
      if (seen()) done();
      else done(new Error(`exited (${code ?? signal}) before printing ${String(text)}:\n${p.output()}`));
    });
  });
}

async function stop(p: Started, signal: NodeJS.Signals, graceMs: number): Promise<Exit> {
  if (p.child.exitCode === null && p.child.signalCode === null) {
    try {
      process.kill(p.pid, signal);
    } catch {
      // already gone
    }
  }
  let timer: NodeJS.Timeout | undefined;
  const forced = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      killGroup(p.pid, 'SIGKILL');
      resolve();
    }, scaledTimeout(graceMs));
  });
  await Promise.race([p.exited, forced]);
  clearTimeout(timer);
  killGroup(p.pid, 'SIGKILL');
  return p.exited;
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  if (pid <= 0) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is empty
  }
}

/** Stops every process started here that is still running (after each test file). */
export async function stopAllProcesses(): Promise<void> {
  const all = [...running];
  running.clear();
  await Promise.all(all.map((p) => p.stop('SIGTERM', 5_000)));
}

// If the test process itself ends (a crash, Vitest stopping a worker), nothing it started stays.
process.once('exit', () => {
  for (const p of running) killGroup(p.pid, 'SIGKILL');
});

export interface Finished extends Exit {
  stdout: string;
  stderr: string;
  /** True when it was killed for running past its limit. */
  timedOut: boolean;
}

/**
 * Runs a command to its end, like spawnSync but without blocking the test process's event loop,
 * killing its whole group if it runs past `ms` (tuned on the reference machine, scaled).
 */
export async function runProcess(
  cmd: string,
  args: string[],
  options: Omit<SpawnOptions, 'detached' | 'stdio'> & { ms?: number } = {},
): Promise<Finished> {
  const { ms = START_MS, ...spawnOptions } = options;
  const p = startProcess(cmd, args, spawnOptions);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(p.pid, 'SIGKILL');
  }, scaledTimeout(ms));
  const exit = await p.exited;
  clearTimeout(timer);
  // Whatever it left holding its output pipes goes with it.
  await Promise.race([p.closed, new Promise((r) => setTimeout(r, 1000))]);
  killGroup(p.pid, 'SIGKILL');
  await p.closed;
  running.delete(p);
  return { ...exit, stdout: p.stdout(), stderr: p.stderr(), timedOut };
}
