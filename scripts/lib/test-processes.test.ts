import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { runProcess, startProcess, stopAllProcesses } from './test-processes';

/** Running, not a zombie (an orphan's zombie may wait for the init process to reap it). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/** A process that starts a grandchild, prints its pid and "ready", then waits forever. */
const PARENT = `
  const { spawn } = require('node:child_process');
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  console.log('grandchild ' + child.pid);
  console.log('ready');
  setInterval(() => {}, 1000);
`;

describe('processes a test starts', () => {
  afterEach(stopAllProcesses);

  it('are waited for by what they print, and stopped with everything they started', async () => {
    const p = startProcess(process.execPath, ['-e', PARENT]);
    await p.waitForOutput('ready');
    const grandchild = Number(/grandchild (\d+)/.exec(p.output())?.[1]);
    expect(alive(grandchild)).toBe(true);
    await stopAllProcesses();
    expect(alive(p.pid)).toBe(false);
    await expect.poll(() => alive(grandchild)).toBe(false);
  });

  it('fail the wait at once, with their output, when they exit without printing it', async () => {
    const p = startProcess(process.execPath, [
      '-e',
      'console.error("Cannot start: no folder"); process.exit(1)',
    ]);
    await expect(p.waitForOutput('Ready.')).rejects.toThrow(
      /exited \(1\) before printing Ready\.[\s\S]*no folder/,
    );
  });

  it('run to their end without blocking the test, giving the exit code and both outputs', async () => {
    const r = await runProcess(process.execPath, [
      '-e',
      'console.log("out"); console.error("err"); process.exit(3)',
    ]);
    expect(r).toMatchObject({ code: 3, stdout: 'out\n', stderr: 'err\n', timedOut: false });
  });
});
