import { describe, expect, it } from 'vitest';
import { batchedWriter } from './log-writer';

describe('batched log writer', () => {
  it('writes the lines of one turn in one write, in order', async () => {
    const writes: string[] = [];
    const write = batchedWriter({ write: (chunk: string) => writes.push(chunk) });
    write('a');
    write('b');
    expect(writes).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(writes).toEqual(['a\nb\n']);
    write('c');
    await new Promise((r) => setImmediate(r));
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('flushes at once when a turn logs a lot', () => {
    const writes: string[] = [];
    const write = batchedWriter({ write: (chunk: string) => writes.push(chunk) });
    const line = 'x'.repeat(1024);
    for (let i = 0; i < 64; i++) write(line);
    expect(writes).toHaveLength(1);
  });
});
