import { describe, expect, it, vi } from 'vitest';
import { createSessionGuard, type SessionGuardDeps } from './session-guard';

function setup(refreshTo: string | null) {
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
});
