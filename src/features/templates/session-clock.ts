/**
 * The template player's clock. Time is derived from timestamps, never from counting ticks:
 * a locked phone or a background tab throttles timers, but when the page looks again the
 * remaining time (and any steps that ran out meanwhile) follow from the clock alone.
 */
export interface ClockState {
  stepIndex: number;
  /** Active milliseconds of the current step banked before the running stretch. */
  stepBankedMs: number;
  /** Active milliseconds of the whole session banked before the running stretch. */
  activeBankedMs: number;
  /** When the running stretch began (ms), or null while paused. */
  runningSince: number | null;
  /** True once the last step ran out or was skipped. */
  finished: boolean;
}

export interface ClockView {
  stepIndex: number;
  /** Whole seconds left in the step, rounded up (what the countdown shows). */
  remainingSec: number;
  /** Share of the planned session covered, 0-100. */
  percent: number;
  /** Seconds actually practised (not paused, not skipped). */
  activeSec: number;
  finished: boolean;
}

export function startClock(now: number): ClockState {
  return { stepIndex: 0, stepBankedMs: 0, activeBankedMs: 0, runningSince: now, finished: false };
}

/** Folds the running stretch in and moves past every step that ran out by `now`. */
export function settle(state: ClockState, durationsSec: readonly number[], now: number): ClockState {
  if (state.finished) return state;
  const running = state.runningSince === null ? 0 : Math.max(0, now - state.runningSince);
  let stepIndex = state.stepIndex;
  let inStep = state.stepBankedMs + running;
  let active = state.activeBankedMs + running;
  while (stepIndex < durationsSec.length && inStep >= durationsSec[stepIndex]! * 1000) {
    inStep -= durationsSec[stepIndex]! * 1000;
    stepIndex++;
  }
  if (stepIndex >= durationsSec.length) {
    // Time past the plan's end is not practice: the session ended when its last step did.
    active -= inStep;
    return {
      stepIndex: durationsSec.length - 1,
      stepBankedMs: 0,
      activeBankedMs: active,
      runningSince: null,
      finished: true,
    };
  }
  return {
    stepIndex,
    stepBankedMs: inStep,
    activeBankedMs: active,
    runningSince: state.runningSince === null ? null : now,
    finished: false,
  };
}

export function pauseClock(state: ClockState, durationsSec: readonly number[], now: number): ClockState {
  const s = settle(state, durationsSec, now);
  return s.finished ? s : { ...s, runningSince: null };
}

export function resumeClock(state: ClockState, now: number): ClockState {
  return state.finished || state.runningSince !== null ? state : { ...state, runningSince: now };
}

/** Skips the rest of the current step; skipping past the last step finishes the session. */
export function skipStep(state: ClockState, durationsSec: readonly number[], now: number): ClockState {
  const s = settle(state, durationsSec, now);
  if (s.finished) return s;
  if (s.stepIndex + 1 >= durationsSec.length)
    return { ...s, stepBankedMs: 0, runningSince: null, finished: true };
  return { ...s, stepIndex: s.stepIndex + 1, stepBankedMs: 0 };
}

/** Ends the session where it stands (the finish button). */
export function finishClock(state: ClockState, durationsSec: readonly number[], now: number): ClockState {
  const s = settle(state, durationsSec, now);
  return { ...s, runningSince: null, finished: true };
}

export function viewClock(state: ClockState, durationsSec: readonly number[], now: number): ClockView {
  const s = settle(state, durationsSec, now);
  const totalMs = durationsSec.reduce((n, d) => n + d * 1000, 0);
  const stepMs = (durationsSec[s.stepIndex] ?? 0) * 1000;
  const beforeMs = durationsSec.slice(0, s.stepIndex).reduce((n, d) => n + d * 1000, 0);
  const covered = s.finished ? totalMs : beforeMs + s.stepBankedMs;
  return {
    stepIndex: s.stepIndex,
    remainingSec: s.finished ? 0 : Math.ceil((stepMs - s.stepBankedMs) / 1000),
    percent: totalMs > 0 ? Math.min(100, Math.floor((covered / totalMs) * 100)) : 0,
    activeSec: Math.round(s.activeBankedMs / 1000),
    finished: s.finished,
  };
}

/** 'm:ss' for the countdown. */
export function formatCountdown(sec: number): string {
  const s = Math.max(0, Math.ceil(sec));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
