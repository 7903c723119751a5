// Held-out rows of `npm run bench` (issue 21): corpora the engine's rules were never tuned on
// (dsp/eval/heldout.ts), ours against pitchy, scored as the main table.
import { loadSpeech, speechItem, type CorpusItem } from '../../dsp/eval/corpora';
import { HELDOUT_ROOM_SEEDS, LOW_BAND, heldoutRoom, lowVoiceCorpus, mainsBuzz } from '../../dsp/eval/heldout';
import {
  emptyScore,
  falseVoicingRate,
  grossRate,
  recall,
  score,
  scoreTrack,
  type Estimator,
  type Score,
  type ScoreOptions,
  type Track,
} from '../../dsp/eval/score';

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

/** `track` unvoiced wherever `other` is (its nearest frame, within 5 ms, is unvoiced or absent). */
function onlyWhereVoiced(track: Track, other: Track): Track {
  let j = 0;
  const f0 = track.times.map((t, i) => {
    while (
      j + 1 < other.times.length &&
      Math.abs((other.times[j + 1] ?? 0) - t) <= Math.abs((other.times[j] ?? 0) - t)
    )
      j++;
    const near = Math.abs((other.times[j] ?? Infinity) - t) <= 0.005;
    return near && (other.f0[j] ?? 0) > 0 ? (track.f0[i] ?? 0) : 0;
  });
  return { ...track, f0 };
}

/**
 * The honest comparison with an engine that voices far fewer frames: each engine scored only
 * on the frames the other voices too (so a gross rate is not helped by leaving the hard frames
 * unvoiced). Returns [ours, theirs].
 */
function scoreWhereBothVoice(
  items: CorpusItem[],
  ours: Estimator,
  theirs: Estimator,
  opts: ScoreOptions = {},
) {
  const a = emptyScore();
  const b = emptyScore();
  for (const item of items) {
    const ta = ours(item);
    const tb = theirs(item);
    scoreTrack(a, item, onlyWhereVoiced(ta, tb), opts);
    scoreTrack(b, item, onlyWhereVoiced(tb, ta), opts);
  }
  return [a, b] as const;
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
  const both: [string, CorpusItem[], ScoreOptions][] = [
    ['low voices 55-110 Hz', low, { band: LOW_BAND }],
    ...HELDOUT_ROOM_SEEDS.map((seed): [string, CorpusItem[], ScoreOptions] => [
      `room seed ${seed}`,
      heldoutRoom(seed),
      {},
    ]),
  ];
  return [
    '',
    '| held-out check | ours | pitchy |',
    '|---|---|---|',
    ...rows.map(([label, run]) => `| ${label} | ${run(ours)} | ${run(pitchy)} |`),
    ...both.map(([label, items, opts]) => {
      const [a, b] = scoreWhereBothVoice(items, ours, pitchy, opts);
      return `| gross errors, ${label}, only frames both engines voice | ${grossText(a)} | ${grossText(b)} |`;
    }),
  ];
}
