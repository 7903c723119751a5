import { stepAt, type LivePhase, type TemplateStep } from '../../../src/domain/circles';
import type { StreamHolder } from './entitlement';
import { BEAT_MS, type PresenceStore, type PresentMember } from './presence';

/** What every member of one live session shares: the plan and the server's start time. */
export interface LiveSessionInfo {
  key: string;
  circleId: number;
  title: string;
  templateId: number | null;
  templateTitle: string;
  startMs: number;
  endMs: number;
  steps: TemplateStep[];
}

/** The `state` event: enough for a client to render the same step as everyone else. */
export interface LiveState {
  sessionId: string;
  circleId: number;
  title: string;
  templateId: number | null;
  templateTitle: string;
  startTime: string;
  endTime: string;
  serverTime: string;
  phase: LivePhase;
  stepIndex: number;
  stepCount: number;
  stepStartedAt: string;
  stepEndsAt: string;
  steps: TemplateStep[];
  present: string[];
}

/** `closed`: the stream ends because its member may no longer watch (left, signed out, deleted). */
export type LiveEvent =
  | { event: 'state'; data: LiveState }
  | { event: 'end'; data: { sessionId: string } }
  | { event: 'closed'; data: { sessionId: string; message: string } };
type Send = (e: LiveEvent) => void;

/** Which of these streams' holders may still watch (entitlement.ts reads it from the database). */
export type EntitlementCheck = (holders: StreamHolder[]) => Promise<Set<string>>;

export const CLOSED_MESSAGE =
  'This live session closed for you: you left the circle or signed out. Sign in and join to take part again.';

/**
 * Fans the state of live group sessions out to this process's open streams. The server's
 * clock decides the step: a timer per session fires at each step boundary and tells everyone
 * at once. Joins and leaves on this process are told at once; those on other processes (cluster
 * mode) within one beat: every BEAT_MS the hub keeps its streams alive in the presence table,
 * re-reads who is present in each of its sessions and tells its streams when that changed.
 * Timers exist only while someone is connected.
 *
 * A stream lives only as long as its member may watch: `sweep` closes the streams whose sign-in
 * session ended or whose member left the circle. It runs at once when this process hears of
 * it (access-ended.ts), on every beat (what another process did shows within a second), and
 * before every state is sent, so a member who lost access is never sent another one.
 */
export function createLiveHub(presence: PresenceStore, now: () => number, entitled: EntitlementCheck) {
  interface Sub {
    holder: StreamHolder;
    send: Send;
    /** Ends the HTTP stream; its clean-up then releases the slot and tells those who stay. */
    stop: () => void;
  }
  interface Open {
    info: LiveSessionInfo;
    subs: Map<string, Sub>;
    timer?: ReturnType<typeof setTimeout>;
    /** Who the last state sent named, to notice changes made by other processes. */
    told: string;
  }
  const sessions = new Map<string, Open>();
  let beat: ReturnType<typeof setInterval> | undefined;

  const stateOf = (info: LiveSessionInfo, present: PresentMember[]): LiveState => {
    const t = now();
    const pos = stepAt(info.steps, info.startMs, info.endMs, t);
    const iso = (ms: number) => new Date(ms).toISOString();
    return {
      sessionId: info.key,
      circleId: info.circleId,
      title: info.title,
      templateId: info.templateId,
      templateTitle: info.templateTitle,
      startTime: iso(info.startMs),
      endTime: iso(info.endMs),
      serverTime: iso(t),
      phase: pos.phase,
      stepIndex: pos.index,
      stepCount: info.steps.length,
      stepStartedAt: iso(pos.startsAt),
      stepEndsAt: iso(pos.endsAt),
      steps: info.steps,
      present: present.map((m) => m.firstName),
    };
  };

  const signature = (present: PresentMember[]) => present.map((m) => m.userId).join(',');

  /**
   * Closes the streams (of one member, or all) whose holder may no longer watch. Throws when the
   * database cannot answer: the caller keeps the streams and the next beat tries again.
   */
  const sweep = async (only?: (h: StreamHolder) => boolean) => {
    const subs = [...sessions.values()].flatMap((s) =>
      [...s.subs.values()].filter((sub) => !only || only(sub.holder)),
    );
    if (subs.length === 0) return;
    const allowed = await entitled(subs.map((sub) => sub.holder));
    for (const sub of subs) {
      if (allowed.has(sub.holder.connId)) continue;
      const s = [...sessions.values()].find((o) => o.subs.get(sub.holder.connId) === sub);
      if (!s) continue; // gone meanwhile
      s.subs.delete(sub.holder.connId);
      sub.send({ event: 'closed', data: { sessionId: s.info.key, message: CLOSED_MESSAGE } });
      sub.stop();
    }
  };

  /**
   * Sends the session's state to its streams. Errors are swallowed: a database busy for longer
   * than its timeout delays the news to the next beat or step (rows live 5 beats).
   */
  const broadcast = async (key: string, known?: PresentMember[]) => {
    try {
      const circleId = sessions.get(key)?.info.circleId;
      if (circleId === undefined) return;
      await sweep((h) => h.circleId === circleId);
      const present = known ?? (await presence.present(key, circleId));
      const s = sessions.get(key); // read after the await: the last stream may have left meanwhile
      if (!s) return;
      s.told = signature(present);
      const state = stateOf(s.info, present);
      for (const sub of s.subs.values()) sub.send({ event: 'state', data: state });
    } catch {
      // see above
    }
  };

  /** One beat: keep our rows alive, then tell our streams about joins and leaves elsewhere. */
  let beating = false;
  const onBeat = async () => {
    if (beating) return; // a slow database: never two beats at once
    beating = true;
    try {
      await sweep();
      await presence.beat([...sessions.values()].flatMap((s) => [...s.subs.keys()]));
      for (const [key, s] of sessions) {
        const present = await presence.present(key, s.info.circleId);
        if (signature(present) !== s.told) await broadcast(key, present);
      }
    } catch {
      // A database busy for longer than its timeout: the next beat tries again (rows live 5 beats).
    } finally {
      beating = false;
    }
  };

  const schedule = (key: string) => {
    const s = sessions.get(key);
    if (!s) return;
    clearTimeout(s.timer);
    const t = now();
    if (t >= s.info.endMs) {
      for (const sub of s.subs.values()) sub.send({ event: 'end', data: { sessionId: key } });
      return;
    }
    const pos = stepAt(s.info.steps, s.info.startMs, s.info.endMs, t);
    // +5 ms so the timer lands just after the boundary, never a hair before it.
    s.timer = setTimeout(
      () => void broadcast(key).then(() => schedule(key)),
      Math.max(0, Math.min(pos.endsAt, s.info.endMs) - t) + 5,
    );
  };

  const stopIfIdle = () => {
    if (sessions.size > 0 || !beat) return;
    clearInterval(beat);
    beat = undefined;
  };

  return {
    /**
     * Takes a stream slot for the member (false at the cap, counted across every process).
     * Call `attach` with the same connId next, or `presence.release` is never run for it and
     * the row simply goes stale.
     */
    claim: (
      info: LiveSessionInfo,
      connId: string,
      member: PresentMember,
      maxStreams: number,
    ): Promise<boolean> => presence.claim(info.key, connId, member, maxStreams),
    /**
     * Starts sending a claimed stream its states; resolves, once the first state is sent, to the
     * disconnect (which releases the slot and tells those who stay). `stop` is called when the
     * member may no longer watch, after a `closed` event.
     */
    async attach(
      info: LiveSessionInfo,
      holder: Omit<StreamHolder, 'circleId'>,
      send: Send,
      stop: () => void,
    ): Promise<() => Promise<void>> {
      const connId = holder.connId;
      let s = sessions.get(info.key);
      if (!s) sessions.set(info.key, (s = { info, subs: new Map(), told: '' }));
      s.subs.set(connId, { holder: { ...holder, circleId: info.circleId }, send, stop });
      if (s.subs.size === 1) schedule(info.key);
      if (!beat) {
        beat = setInterval(() => void onBeat(), BEAT_MS);
        beat.unref();
      }
      await broadcast(info.key);
      let open = true;
      return async () => {
        if (!open) return;
        open = false;
        const cur = sessions.get(info.key);
        cur?.subs.delete(connId);
        if (cur && cur.subs.size === 0) {
          clearTimeout(cur.timer);
          sessions.delete(info.key);
          stopIfIdle();
        }
        try {
          await presence.release(connId);
        } catch {
          // Not released: the row stops counting when it goes stale (STALE_MS).
        }
        if (sessions.has(info.key)) await broadcast(info.key);
      };
    },
    /** Closes at once the streams of a member who lost access (left, signed out, deleted). */
    sweepMember: (userId: string) => sweep((h) => h.userId === userId),
    openSessions: () => sessions.size,
    /** Stops every timer (server shutdown, tests). */
    close() {
      for (const s of sessions.values()) clearTimeout(s.timer);
      sessions.clear();
      stopIfIdle();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
