// Praat's AVQI 03.01 on the agreement fixtures (fixtures/voice/avqi/praat-truth.json, written
// by scripts/avqi/make-avqi-fixtures.ts with Debian's praat).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AvqiResult } from './avqi-agreement';

export interface AvqiTruthPair {
  name: string;
  kind: 'synthetic' | 'real';
  vowel: string;
  speech: string;
  praat: AvqiResult & { voicedSpeechSeconds: number };
}

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

export function readAvqiTruth(): { praat: string; pairs: AvqiTruthPair[] } {
  const path = resolve(REPO_ROOT, 'fixtures/voice/avqi/praat-truth.json');
  return JSON.parse(readFileSync(path, 'utf8')) as { praat: string; pairs: AvqiTruthPair[] };
}
