// Every test file: the processes it started (scripts/lib/test-processes.ts) are stopped when it
// ends, whether its tests passed, failed or ran out of time.
import { afterAll, vi } from 'vitest';
import { scaledTimeout } from './machine-speed.mjs';
import { stopAllProcesses } from './test-processes';

afterAll(stopAllProcesses);

// `vi.waitFor` waits 1 s by default, a fixed few seconds that a saturated CI machine overran (a
// progress write on PostgreSQL at a low CPU priority). Like expect.poll's and Testing Library's
// limits it is tuned on the reference machine and scaled to this one; a limit a test gives
// itself is kept.
const waitFor = vi.waitFor.bind(vi);
vi.waitFor = ((callback, options) =>
  waitFor(
    callback,
    typeof options === 'number' ? options : { timeout: scaledTimeout(5000), ...options },
  )) as typeof vi.waitFor;
