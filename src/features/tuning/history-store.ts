import { create } from 'zustand';
import { appendToHistory, loadHistory, saveHistory } from './history';
import type { VoiceAnalysis } from './recording-summary';

interface HistoryState {
  sessions: VoiceAnalysis[];
  /** The analysis of this visit that the 'voice analysis complete' card shows. */
  latest: VoiceAnalysis | null;
  add: (analysis: VoiceAnalysis) => void;
  reload: () => void;
}

/** Oldest first, as src/domain/voice expects. */
export const useHistoryStore = create<HistoryState>((set, get) => ({
  sessions: loadHistory(),
  latest: null,
  add: (analysis) => {
    const sessions = appendToHistory(get().sessions, analysis);
    saveHistory(sessions);
    set({ sessions, latest: analysis });
  },
  reload: () => set({ sessions: loadHistory() }),
}));
