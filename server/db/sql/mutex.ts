/**
 * A FIFO lock. SQLite has one connection per process: while an async transaction is open,
 * another request's statement would run inside it, so every statement waits its turn here.
 */
export class Mutex {
  private held = false;
  private readonly waiters: (() => void)[] = [];

  async lock(): Promise<() => void> {
    if (this.held) await new Promise<void>((resolve) => this.waiters.push(resolve));
    this.held = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      // Hand the lock straight to the next waiter, so a newcomer cannot overtake the queue.
      if (next) next();
      else this.held = false;
    };
  }

  async run<T>(fn: () => T | Promise<T>): Promise<T> {
    const release = await this.lock();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}
