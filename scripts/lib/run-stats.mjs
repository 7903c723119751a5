// What a test run cost, for the summary: the CPU each suite used (user and system time, page
// faults, of the suite and every process it started and waited for, from GNU time), and what the
// whole machine did meanwhile (/proc/stat, /proc/vmstat), so that a slow run says where its time
// went: CPU work, the kernel (system time, page faults), waiting on the disk, or a busy machine.
import fs from 'node:fs';

const gnuTime = '/usr/bin/time';
export const canMeasureCpu = process.platform === 'linux' && fs.existsSync(gnuTime);

/** Wraps a command so that GNU time writes its resource use to `file` when it ends. */
export function measured(file, cmd, args) {
  if (!canMeasureCpu) return [cmd, args];
  // elapsed, user, system, major faults, minor faults, voluntary and involuntary switches
  return [gnuTime, ['-q', '-o', file, '-f', '%e %U %S %F %R %w %c', cmd, ...args]];
}

/** The figures `measured` wrote, or null. */
export function readMeasured(file) {
  try {
    const last = fs.readFileSync(file, 'utf8').trim().split('\n').at(-1) ?? '';
    const [elapsed, user, sys, majflt, minflt] = last.split(' ').map(Number);
    if (![elapsed, user, sys].every(Number.isFinite)) return null;
    return { elapsed, user, sys, majflt, minflt };
  } catch {
    return null;
  }
}

/** "CPU 3 min 10 s (sys 0 min 40 s), 2.1 M page faults" */
export function describeCpu(m, minutes) {
  if (!m) return '';
  const faults = m.minflt >= 1e6 ? `${(m.minflt / 1e6).toFixed(1)} M` : `${Math.round(m.minflt / 1e3)} k`;
  return `CPU ${minutes(m.user + m.sys)} (system ${minutes(m.sys)}), ${faults} page faults`;
}

/** The machine's counters now: CPU ticks by kind and page faults since boot. */
export function machineCounters() {
  try {
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const vm = fs.readFileSync('/proc/vmstat', 'utf8');
    const pgfault = Number(/^pgfault (\d+)/m.exec(vm)?.[1] ?? NaN);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = cpu;
    return { user, nice, system, idle, iowait, irq: irq + softirq, steal, pgfault, at: Date.now() };
  } catch {
    return null;
  }
}

/** What the machine did between two counters: seconds of each kind (summed over the cores). */
export function machineUse(a, b) {
  if (!a || !b) return null;
  const hz = 100; // USER_HZ: 100 on every Linux the tests run on
  const d = (k) => (b[k] - a[k]) / hz;
  const busy = d('user') + d('nice') + d('system') + d('irq');
  return {
    wall: (b.at - a.at) / 1000,
    user: d('user') + d('nice'),
    system: d('system') + d('irq'),
    idle: d('idle'),
    iowait: d('iowait'),
    steal: d('steal'),
    busy,
    pgfault: b.pgfault - a.pgfault,
  };
}

/** One line: "CPU busy 3 min 10 s of 4 min 00 s (2 cores): user …, system …, I/O wait …, steal …; 12.3 M page faults". */
export function describeMachine(u, cores, minutes) {
  if (!u) return '';
  const faults = Number.isFinite(u.pgfault) ? `; ${(u.pgfault / 1e6).toFixed(1)} M page faults` : '';
  return (
    `the machine (${cores} cores): busy ${minutes(u.busy)} of ${minutes(u.wall * cores)} ` +
    `(user ${minutes(u.user)}, system ${minutes(u.system)}), idle ${minutes(u.idle)}, ` +
    `I/O wait ${minutes(u.iowait)}, stolen ${minutes(u.steal)}${faults}`
  );
}
