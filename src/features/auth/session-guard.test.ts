import { describe, expect, it, vi } from 'vitest';
import {
  createSessionGuard,
  tokenFingerprint,
  type GuardRecord,
  type SessionGuardDeps,
} from './session-guard';

/** The record every page of the origin shares (localStorage in the app). */
function sharedRecord() {
  let record: GuardRecord | null = null;
  return { read: () => record, write: (r: GuardRecord | null) => void (record = r) };
}

/** A cross-page lock: one holder at a time, in order, like Web Locks. */
function pageLock() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
}

function setup(refreshTo: string | null, shared = sharedRecord(), exclusive = pageLock()) {
  let token: string | null = 'old';
  const deps: SessionGuardDeps = {
    currentToken: () => token,
    refresh: vi.fn(async () => {
      if (refreshTo) token = refreshTo;
      return refreshTo;
    }),
    signOutLocally: vi.fn(async () => {
      token = null;
    }),
    onRefreshed: vi.fn(),
    onSignedOut: vi.fn(),
    shared,
    exclusive,
    now: () => 1_000,
  };
  return { deps, guard: createSessionGuard(deps) };
}

describe('the session guard', () => {
  it('signs out once, after a single refresh attempt, when the session was revoked', async () => {
    const { deps, guard } = setup(null);
    const outcomes = await Promise.all([
      guard.report401('old'),
      guard.report401('old'),
      guard.report401('old'),
    ]);
    expect(outcomes).toEqual(['signed-out', 'signed-out', 'signed-out']);
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    expect(deps.signOutLocally).toHaveBeenCalledTimes(1);
    expect(deps.onSignedOut).toHaveBeenCalledTimes(1);
    expect(await guard.report401('old')).toBe('ignored');
  });

  it('never refreshes a token twice: a refused token that comes back (a late session read) signs out at once', async () => {
    let token: string | null = 'old';
    const { deps } = setup(null);
    deps.currentToken = () => token;
    deps.signOutLocally = vi.fn(async () => {
      token = null;
    });
    const guard = createSessionGuard(deps);
    expect(await guard.report401('old')).toBe('signed-out');
    token = 'old'; // the stored copy read before the sign-out lands after it
    expect(await guard.report401('old')).toBe('signed-out');
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    expect(deps.signOutLocally).toHaveBeenCalledTimes(2);
  });

  it('re-runs failed reads once after a successful refresh', async () => {
    const { deps, guard } = setup('new');
    expect(await guard.report401('old')).toBe('refreshed');
    expect(deps.onRefreshed).toHaveBeenCalledTimes(1);
    expect(deps.signOutLocally).not.toHaveBeenCalled();
  });

  it('signs out without refreshing again when the refreshed token is refused too', async () => {
    const { deps, guard } = setup('new');
    await guard.report401('old');
    expect(await guard.report401('new')).toBe('signed-out');
    expect(deps.refresh).toHaveBeenCalledTimes(1);
  });

  it('ignores a 401 for a visitor or for a token that was already replaced', async () => {
    const { deps, guard } = setup('new');
    expect(await guard.report401(null)).toBe('ignored');
    await guard.report401('old');
    expect(await guard.report401('old')).toBe('ignored');
    expect(deps.refresh).toHaveBeenCalledTimes(1);
  });

  it('signs out when the refresh itself throws (network down counts as refused)', async () => {
    const { deps, guard } = setup(null);
    vi.mocked(deps.refresh).mockRejectedValueOnce(new Error('offline'));
    expect(await guard.report401('old')).toBe('signed-out');
  });

  it('refreshes once across pages: a page waits for the one already asking, then does not ask again', async () => {
    const shared = sharedRecord();
    const lock = pageLock();
    let answerA: (token: string | null) => void = () => undefined;
    const a = setup(null, shared, lock);
    a.deps.refresh = vi.fn(() => new Promise<string | null>((resolve) => (answerA = resolve)));
    const outcomeA = createSessionGuard(a.deps).report401('old');
    await vi.waitFor(() => expect(a.deps.refresh).toHaveBeenCalled());
    expect(shared.read()).toMatchObject({ token: tokenFingerprint('old'), state: 'refreshing' });
    // Page B (a reload, another tab) with the same stored session gets a 401 meanwhile.
    const b = setup(null, shared, lock);
    const outcomeB = b.guard.report401('old');
    answerA(null);
    expect(await outcomeA).toBe('signed-out');
    expect(await outcomeB).toBe('signed-out');
    expect(b.deps.refresh).not.toHaveBeenCalled();
    expect(b.deps.onSignedOut).toHaveBeenCalledTimes(1);
    expect(shared.read()).toMatchObject({ state: 'refused' });
  });

  it("counts a refresh left 'refreshing' by a page that went away as refused: no second request", async () => {
    const shared = sharedRecord();
    shared.write({ token: tokenFingerprint('old'), state: 'refreshing', at: 0 });
    const { deps, guard } = setup('new', shared);
    expect(await guard.report401('old')).toBe('signed-out');
    expect(deps.refresh).not.toHaveBeenCalled();
    expect(deps.onSignedOut).toHaveBeenCalledTimes(1);
    expect(shared.read()).toMatchObject({ state: 'refused' });
  });

  it('a page that finds the token already refused by another page signs out without a request', async () => {
    const shared = sharedRecord();
    shared.write({ token: tokenFingerprint('old'), state: 'refused', at: 0 });
    const { deps, guard } = setup('new', shared);
    expect(await guard.report401('old')).toBe('signed-out');
    expect(deps.refresh).not.toHaveBeenCalled();
    expect(deps.onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('leaves another token alone and clears the record after a successful refresh', async () => {
    const shared = sharedRecord();
    shared.write({ token: tokenFingerprint('older'), state: 'refused', at: 0 });
    const { guard } = setup('new', shared);
    expect(await guard.report401('old')).toBe('refreshed');
    expect(shared.read()).toBeNull();
  });

  it('does nothing more when another page settled it while this one waited for the lock', async () => {
    const { deps } = setup(null);
    deps.exclusive = async (fn) => {
      deps.currentToken = () => 'rotated'; // another tab refreshed meanwhile
      return fn();
    };
    expect(await createSessionGuard(deps).report401('old')).toBe('refreshed');
    expect(deps.refresh).not.toHaveBeenCalled();
    expect(deps.onRefreshed).toHaveBeenCalledTimes(1);
  });
});
