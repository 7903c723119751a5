import { batchedWriter } from './log-writer';

/**
 * Structured logging: one JSON object per line on stdout, so an operator can grep or ship
 * it. Human-facing start-up messages (progress, the URL to open) go through `say`.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const order: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** Plain text for a person at the terminal (start-up progress, the URL to open). */
  say(text: string): void;
}

let sharedStdout: ((line: string) => void) | null = null;
/** One batched stdout writer for the process, however many loggers are created. */
function stdoutWriter(): (line: string) => void {
  sharedStdout ??= batchedWriter();
  return sharedStdout;
}

export function createLogger(
  level: LogLevel | 'silent',
  write: (line: string) => void = stdoutWriter(),
): Logger {
  const log = (lvl: LogLevel) => (msg: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < order[level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields }));
  };
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    say: (text) => {
      if (level !== 'silent') write(text);
    },
  };
}
