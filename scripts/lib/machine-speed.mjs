// The tests' calibrated clock. Every wait in the tests is a wait for an event (a line on a
// server's output, a process's exit, an element on the page); its time limit only decides how
// long a broken run takes to fail. Those limits were set on one quick 2-core machine, and a
// slower one (or the same one beside another heavy job) needed more than them to start a
// server or finish a DSP evaluation. So the test command measures the machine once, with a
// fixed workload like the tests' own (a Node.js process that starts, allocates and collects
// garbage), and every limit is multiplied by how much slower than the reference it ran.
import { spawnSync } from 'node:child_process';

/** Where the factor travels: set once by the test command, inherited by every process it starts. */
export const SPEED_ENV = 'TEST_SPEED_FACTOR';

/**
 * The workload: what a test's child process does most (start Node.js, build and drop objects,
 * JSON), so that it is slow where the tests are slow. On the machine where the limits were set
 * it takes about REFERENCE_MS of wall time, quiet.
 */
const WORKLOAD = `let o=[];for(let i=0;i<6e5;i++){o.push({a:i,b:'x'+i,c:[i]});if(o.length>5e4)o=[]}
JSON.parse(JSON.stringify(Array.from({length:5e4},(_,i)=>({i,s:'abc'+i}))));`;

/**
 * The workload's wall time on the reference machine, quiet (docs/development.md, "The
 * calibrated clock": 300 ms there, 450 ms of CPU on the slower 2-core machine of 7 Dec, whose
 * typecheck also took 1.6 times the reference's CPU).
 */
export const REFERENCE_MS = 300;
/** Never faster than the reference (the limits were right there), never absurd after a stall. */
const MIN_FACTOR = 1;
const MAX_FACTOR = 12;
const RUNS = 3;

/** Runs the workload RUNS times and returns the median wall time in milliseconds. */
export function measureWorkloadMs(runs = RUNS) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const r = spawnSync(process.execPath, ['-e', WORKLOAD], { stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`the calibration workload failed (${r.status ?? r.signal})`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** The factor for a measured workload time: 1 on the reference machine, 2 where it took twice as long. */
export function factorFor(ms) {
  const factor = ms / REFERENCE_MS;
  return Math.round(Math.min(MAX_FACTOR, Math.max(MIN_FACTOR, factor)) * 100) / 100;
}

/**
 * This machine's factor: the one the test command measured (TEST_SPEED_FACTOR), or measured
 * now and kept in the environment, so that the processes this one starts inherit it.
 */
export function speedFactor() {
  const given = Number(process.env[SPEED_ENV]);
  if (Number.isFinite(given) && given > 0) return given;
  const factor = factorFor(measureWorkloadMs());
  process.env[SPEED_ENV] = String(factor);
  return factor;
}

/** A time limit tuned on the reference machine, for this one. */
export function scaledTimeout(ms) {
  return Math.round(ms * speedFactor());
}
