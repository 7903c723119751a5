import { create } from 'zustand';

export type PlayerMode = 'vocal' | 'instrumental';

interface PlayerState {
  activeSessionId: number | null;
  mode: PlayerMode;
  open: (sessionId: number, mode?: PlayerMode) => void;
  close: () => void;
}

/** Spec: opening sets the active session and mode; closing clears it and resets mode to vocal. */
export const usePlayerStore = create<PlayerState>((set) => ({
  activeSessionId: null,
  mode: 'vocal',
  open: (sessionId, mode = 'vocal') => set({ activeSessionId: sessionId, mode }),
  close: () => set({ activeSessionId: null, mode: 'vocal' }),
}));

export const selectPlayerOpen = (s: PlayerState) => s.activeSessionId !== null;
