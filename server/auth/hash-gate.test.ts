import { describe, expect, it } from 'vitest';
import { createHashGate, hashGateLimits, PasswordHashBusy } from './hash-gate';

/** A stand-in hash that finishes when the test says so. */
function pending() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish: () => finish() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the password hash gate', () => {
  it('leaves a thread for files, and a thread and a core for members', () => {
    expect(hashGateLimits({ passwordHashThreads: 4, passwordHashQueue: 8 }, 8)).toEqual({
      running: 3,
      runningNew: 2,
      waiting: 8,
    });
    expect(hashGateLimits({ passwordHashThreads: 4, passwordHashQueue: 8 }, 2)).toMatchObject({
      running: 3,
      runningNew: 1,
    });
    expect(hashGateLimits({ passwordHashThreads: 1, passwordHashQueue: 2 }, 2)).toEqual({
      running: 1,
      runningNew: 1,
      waiting: 2,
    });
  });

  it('lets a member start while new accounts fill their share and wait in line', async () => {
    const gate = createHashGate({ running: 3, runningNew: 2, waiting: 4 });
    const hashes = Array.from({ length: 6 }, () => pending());
    const flood = hashes.map((h) => gate.run('new', () => h.done));
    await tick();
    expect(gate.load().new).toEqual({ running: 2, waiting: 4 });
    let memberRan = false;
    await gate.run('member', async () => {
      memberRan = true;
    });
    expect(memberRan).toBe(true);
    hashes.forEach((h) => h.finish());
    await Promise.all(flood);
    expect(gate.load()).toEqual({ member: { running: 0, waiting: 0 }, new: { running: 0, waiting: 0 } });
  });

  it('refuses at once, without hashing, when the line is full', async () => {
    const gate = createHashGate({ running: 1, runningNew: 1, waiting: 2 });
    const h = pending();
    const held = [0, 1, 2].map(() => gate.run('new', () => h.done));
    let hashed = false;
    await expect(
      gate.run('new', async () => {
        hashed = true;
      }),
    ).rejects.toBeInstanceOf(PasswordHashBusy);
    expect(hashed).toBe(false);
    h.finish();
    await Promise.all(held);
  });

  it('serves a waiting member before new accounts that waited longer', async () => {
    const gate = createHashGate({ running: 1, runningNew: 1, waiting: 4 });
    const order: string[] = [];
    const first = pending();
    const running = gate.run('new', () => first.done);
    const later = [
      gate.run('new', async () => void order.push('new 1')),
      gate.run('new', async () => void order.push('new 2')),
      gate.run('member', async () => void order.push('member')),
    ];
    first.finish();
    await Promise.all([running, ...later]);
    expect(order).toEqual(['member', 'new 1', 'new 2']);
  });

  it('frees its place when the work fails', async () => {
    const gate = createHashGate({ running: 1, runningNew: 1, waiting: 1 });
    await expect(gate.run('new', () => Promise.reject(new Error('scrypt failed')))).rejects.toThrow();
    expect(gate.load().new).toEqual({ running: 0, waiting: 0 });
    expect(await gate.run('new', async () => 'ok')).toBe('ok');
  });
});
