// Every test file: the processes it started (scripts/lib/test-processes.ts) are stopped when it
// ends, whether its tests passed, failed or ran out of time.
import { afterAll } from 'vitest';
import { stopAllProcesses } from './test-processes';

afterAll(stopAllProcesses);
