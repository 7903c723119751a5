// Preloaded into the server by `npm run bench:server` (node --import): measures the server's
// event-loop delay, so a slow tail can be told apart from a blocked loop. On SIGUSR2 it writes
// the figures since the previous signal to $BENCH_LOOP_DELAY_FILE as JSON and starts again.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => Math.round(ns / 1e4) / 100;
    const figures = { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) };
    fs.writeFileSync(file, JSON.stringify(figures));
    h.reset();
  });
}
