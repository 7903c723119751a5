// The few things the cross-engine smoke scenario needs from a browser, so one scenario runs
// unchanged over puppeteer-core's WebDriver BiDi (Firefox) and classic WebDriver (WebKit).
// Clicks and typing go through the driver (real input events, so they count as the user
// gesture that audio playback and the AudioContext need); reads run small functions in the page.
import { scaledTimeout } from '../../scripts/lib/machine-speed.mjs';

export interface EngineDriver {
  readonly name: string;
  goto(url: string): Promise<void>;
  /** Runs `(fnSource)(arg)` in the page and returns its JSON-able result (synchronous functions only). */
  evaluate<T>(fnSource: string, arg?: unknown): Promise<T>;
  click(selector: string): Promise<void>;
  type(selector: string, text: string): Promise<void>;
  url(): Promise<string>;
  screenshot(file: string): Promise<void>;
  /** Closes the browser and everything it started; safe to call twice. */
  close(): Promise<void>;
}

/**
 * Runs `fn` with a deadline; the message says which step hung. Every deadline here (`ms`, and
 * `timeoutMs` below) is tuned on the reference machine and scaled to this one.
 */
export async function withTimeout<T>(label: string, ms: number, fn: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = scaledTimeout(ms);
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: no answer within ${limit / 1000} s`)), limit);
  });
  try {
    return await Promise.race([fn(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `read` until `ok` holds; the error names what was awaited and the last value seen. */
export async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 15_000,
  intervalMs = 200,
): Promise<T> {
  const limit = scaledTimeout(timeoutMs);
  const deadline = Date.now() + limit;
  let last: T | undefined;
  for (;;) {
    last = await read();
    if (ok(last)) return last;
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${limit / 1000} s waiting for ${what} (last: ${JSON.stringify(last)})`,
      );
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** An error in one line; WebDriver errors often carry only their name. */
export function describeError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  return e.message ? (e.name && e.name !== 'Error' ? `${e.name}: ${e.message}` : e.message) : e.name;
}
