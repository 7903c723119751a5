import crypto from 'node:crypto';
import { stepAt, type LivePhase, type TemplateStep } from '../../../src/domain/circles';
import type { PresenceStore, PresentMember } from './presence';

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

export type LiveEvent = { event: 'state'; data: LiveState } | { event: 'end'; data: { sessionId: string } };
type Send = (e: LiveEvent) => void;

/**
 * Fans the state of live group sessions out to open streams. The server's clock decides the
 * step: a timer per session fires at each step boundary and tells everyone at once; joins and
 * leaves are told at once too. Timers exist only while someone is connected.
 */
export function createLiveHub(presence: PresenceStore, now: () => number) {
  const sessions = new Map<
    string,
    { info: LiveSessionInfo; subs: Map<string, Send>; timer?: ReturnType<typeof setTimeout> }
  >();

  const stateOf = (info: LiveSessionInfo): LiveState => {
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
      present: presence.present(info.key).map((m) => m.firstName),
    };
  };

  const broadcast = (key: string) => {
    const s = sessions.get(key);
    if (!s) return;
    const state = stateOf(s.info);
    for (const send of s.subs.values()) send({ event: 'state', data: state });
  };

  const schedule = (key: string) => {
    const s = sessions.get(key);
    if (!s) return;
    clearTimeout(s.timer);
    const t = now();
    if (t >= s.info.endMs) {
      for (const send of s.subs.values()) send({ event: 'end', data: { sessionId: key } });
      return;
    }
    const pos = stepAt(s.info.steps, s.info.startMs, s.info.endMs, t);
    // +5 ms so the timer lands just after the boundary, never a hair before it.
    s.timer = setTimeout(
      () => {
        broadcast(key);
        schedule(key);
      },
      Math.max(0, Math.min(pos.endsAt, s.info.endMs) - t) + 5,
    );
  };

  return {
    /** Opens a member's stream; call only after checking the per-member cap. */
    connect(info: LiveSessionInfo, member: PresentMember, send: Send): () => void {
      const connId = crypto.randomUUID();
      let s = sessions.get(info.key);
      if (!s) sessions.set(info.key, (s = { info, subs: new Map() }));
      s.subs.set(connId, send);
      presence.add(info.key, connId, member);
      broadcast(info.key);
      if (s.subs.size === 1) schedule(info.key);
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        const cur = sessions.get(info.key);
        cur?.subs.delete(connId);
        presence.remove(info.key, connId);
        if (cur && cur.subs.size === 0) {
          clearTimeout(cur.timer);
          sessions.delete(info.key);
        } else broadcast(info.key);
      };
    },
    openSessions: () => sessions.size,
    /** Stops every timer (server shutdown, tests). */
    close() {
      for (const s of sessions.values()) clearTimeout(s.timer);
      sessions.clear();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
