// Held-out rows of `npm run bench` (issue 21): corpora the engine's rules were never tuned on
// (dsp/eval/heldout.ts), ours against pitchy, scored as the main table.
import { loadSpeech, speechItem, type CorpusItem } from '../../dsp/eval/corpora';
import { HELDOUT_ROOM_SEEDS, LOW_BAND, heldoutRoom, lowVoiceCorpus, mainsBuzz } from '../../dsp/eval/heldout';
import { falseVoicingRate, grossRate, recall, score, type Estimator, type Score } from '../../dsp/eval/score';

const pct = (v: number) => `${(v * 100).toFixed(2)}%`;
const grossText = (s: Score) => `${pct(grossRate(s))} (${s.gross} of ${s.hits})`;
const falseText = (s: Score) => `${pct(falseVoicingRate(s))} (${s.falseVoiced} of ${s.truthUnvoiced})`;

/** The espeak male voice with a 60 Hz clipped-sine buzz at -40 dBFS under it all along. */
function buzzUnderVoice(): CorpusItem {
  const male = loadSpeech('speech_male_22k');
  const buzz = mainsBuzz('clipped', 60, male.sampleRate, male.samples.length / male.sampleRate, -40);
  return speechItem(
    'male + 60 Hz buzz',
    male,
    male.samples.map((v, i) => v + (buzz[i] ?? 0)),
  );
}

export function heldoutTable(ours: Estimator, pitchy: Estimator): string[] {
  const rows: [string, (e: Estimator) => string][] = [];
  const low = lowVoiceCorpus();
  rows.push([
    'gross errors, held-out low voices 55-110 Hz (Praat truth)',
    (e) => grossText(score(low, e, { band: LOW_BAND })),
  ]);
  rows.push(['voicing recall, held-out low voices', (e) => pct(recall(score(low, e, { band: LOW_BAND })))]);
  for (const seed of HELDOUT_ROOM_SEEDS) {
    const room = heldoutRoom(seed);
    rows.push([`gross errors, espeak in a room, held-out seed ${seed}`, (e) => grossText(score(room, e))]);
  }
  const buzzed = buzzUnderVoice();
  rows.push([
    'false voicing, 60 Hz buzz at -40 dBFS under a voice (its pauses)',
    (e) => falseText(score([buzzed], e)),
  ]);
  const clean = loadSpeech('speech_male_22k');
  const dry = speechItem('male', clean, clean.samples);
  rows.push(['false voicing, the same voice without the buzz', (e) => falseText(score([dry], e))]);
  return [
    '',
    '| held-out check | ours | pitchy |',
    '|---|---|---|',
    ...rows.map(([label, run]) => `| ${label} | ${run(ours)} | ${run(pitchy)} |`),
  ];
}
