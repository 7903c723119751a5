export const SPEED_ENV: 'TEST_SPEED_FACTOR';
export const REFERENCE_MS: number;
export function measureWorkloadMs(runs?: number): number;
export function factorFor(ms: number): number;
export function speedFactor(): number;
export function scaledTimeout(ms: number): number;
