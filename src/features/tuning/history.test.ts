import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../lib/storage-keys';
import { appendToHistory, HISTORY_LIMIT, loadHistory, parseHistory, saveHistory } from './history';
import type { VoiceAnalysis } from './recording-summary';

const analysis = (n: number): VoiceAnalysis => ({
  id: `a${n}`,
  at: new Date(Date.UTC(2026, 10, 25, 12, n)).toISOString(),
  durationSec: 12,
  overall: 70,
  clarity: 80,
  stability: 60,
  resonance: 50,
  projection: 90,
  breathiness: 20,
  volume: 75,
  pitchHz: 220.5,
  voicedFrames: 300,
});

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

describe('analysis history in local storage', () => {
  it('survives a save and a reload unchanged', () => {
    const storage = memoryStorage();
    const history = [analysis(1), analysis(2)];
    expect(saveHistory(history, storage)).toBe(true);
    expect(loadHistory(storage)).toEqual(history);
  });

  it('stores numbers and dates only, under the voiceSessions key', () => {
    const storage = memoryStorage();
    saveHistory([analysis(1)], storage);
    const raw = storage.data.get(storageKeys.voiceSessions) ?? '';
    expect(Object.keys(JSON.parse(raw)[0]).sort()).toEqual(Object.keys(analysis(1)).sort());
  });

  it('treats missing, unparsable or non-array data as an empty history', () => {
    expect(parseHistory(null)).toEqual([]);
    expect(parseHistory('')).toEqual([]);
    expect(parseHistory('{not json')).toEqual([]);
    expect(parseHistory('{"a":1}')).toEqual([]);
    expect(parseHistory('42')).toEqual([]);
  });

  it('drops bad entries and keeps the good ones', () => {
    const bad = [
      { ...analysis(2), overall: 'high' },
      { ...analysis(3), clarity: 140 },
      { ...analysis(4), at: 'yesterday' },
      { ...analysis(5), pitchHz: -1 },
      null,
      'x',
    ];
    expect(parseHistory(JSON.stringify([analysis(1), ...bad, analysis(6)]))).toEqual([
      analysis(1),
      analysis(6),
    ]);
  });

  it('accepts an analysis without a pitch', () => {
    const a = { ...analysis(1), pitchHz: null };
    expect(parseHistory(JSON.stringify([a]))).toEqual([a]);
  });

  it(`keeps only the newest ${HISTORY_LIMIT} analyses`, () => {
    let history: VoiceAnalysis[] = [];
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) history = appendToHistory(history, analysis(i));
    expect(history).toHaveLength(HISTORY_LIMIT);
    expect(history[0]?.id).toBe('a5');
  });

  it('reports failure instead of throwing when storage is full or unavailable', () => {
    const full = {
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(saveHistory([analysis(1)], full)).toBe(false);
    expect(saveHistory([analysis(1)], undefined)).toBe(false);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadHistory(broken)).toEqual([]);
  });
});
