/**
 * Log lines are gathered and written to stdout once per event-loop turn instead of once per
 * line: stdout to a pipe or file is a synchronous write on Linux, and one syscall per request
 * showed in the catalogue profile (README, "Server speed"). Lines keep their order; whatever is
 * pending is written synchronously at exit, so a crash or a shutdown loses nothing.
 */
const FLUSH_BYTES = 64 * 1024;

export function batchedWriter(
  out: { write(chunk: string): unknown } = process.stdout,
): (line: string) => void {
  let pending: string[] = [];
  let bytes = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    bytes = 0;
    out.write(text);
  };
  process.on('exit', flush);
  return (line) => {
    pending.push(line + '\n');
    bytes += line.length + 1;
    if (bytes >= FLUSH_BYTES) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}
