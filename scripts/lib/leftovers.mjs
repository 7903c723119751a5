// The test command's last safety net: every process it starts, and everything those start
// (servers, clusters and their workers, PostgreSQL, browsers), inherits one environment variable
// naming this run. When the run ends, or is stopped, any process still carrying it is one a test
// left behind: it is named in the summary and killed. (Each test stops its own processes first:
// scripts/lib/test-processes.ts, the e2e global setup's teardown, scripts/postgres.mjs.)
import fs from 'node:fs';

export const RUN_ENV = 'TUNEFUL_TEST_RUN';

/** Marks this process's environment, so that every process started from here on carries the mark. */
export function markRun() {
  const id = `${process.pid}-${Date.now()}`;
  process.env[RUN_ENV] = id;
  return id;
}

/** Processes (other than this one) whose environment carries `id`: { pid, command }. */
export function processesOfRun(id) {
  if (process.platform !== 'linux') return [];
  const needle = `${RUN_ENV}=${id}\0`;
  const found = [];
  for (const name of fs.readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      if (!fs.readFileSync(`/proc/${pid}/environ`, 'latin1').includes(needle)) continue;
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      // A zombie has an empty command line and nothing left to stop.
      if (command) found.push({ pid, command });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/** Kills (SIGKILL) what the run left running and returns what that was. */
export function killLeftovers(id) {
  const left = processesOfRun(id);
  for (const { pid } of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  return left;
}
