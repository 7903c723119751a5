export interface FailedTest {
  where: string;
  why: string;
}
export function vitestFailures(report: unknown, root?: string): FailedTest[];
export function playwrightFailures(report: unknown): FailedTest[];
export function crossEngineFailures(report: unknown): FailedTest[];
