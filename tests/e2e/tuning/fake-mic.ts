import fs from 'node:fs';
import path from 'node:path';
import config from '../../../playwright.config';

export const root = path.resolve(import.meta.dirname, '../../..');
export const absolutePath = (rel: string) => path.join(root, rel);

/** The project's Chromium flags (playwright.config.ts), so these tests run the same browser. */
const projectArgs: string[] = config.use?.launchOptions?.args ?? [];

/** The launch options made so far, one object per microphone file (see fakeMicLaunch). */
const launches = new Map<string, ReturnType<typeof makeFakeMicLaunch>>();

/**
 * Launch options for a Chromium whose only microphone plays `wav` once (48 kHz, 1 s of
 * silence, 4 s of a sung A3 at 220 Hz, 1 s of silence: the padding avoids Chromium repeating
 * the last 10 ms forever at end of file), or, with `loop`, plays it over and over.
 *
 * The same file gives the same object. Playwright tells worker options apart by identity: a new
 * object per spec file made every file its own worker (a new process and a browser launch, a
 * few seconds on a busy machine); one object lets the files with the same microphone share a
 * worker, as the tests of one file always did (each take opens the device, and the file plays
 * from its start).
 */
export function fakeMicLaunch(
  wav = absolutePath('fixtures/voice/e2e-sung-a3-220hz.wav'),
  { loop = false }: { loop?: boolean } = {},
) {
  const key = `${wav}${loop ? '' : '%noloop'}`;
  let launch = launches.get(key);
  if (!launch) {
    launch = makeFakeMicLaunch(wav, loop);
    launches.set(key, launch);
  }
  return launch;
}

function makeFakeMicLaunch(wav: string, loop: boolean) {
  if (!fs.existsSync(wav)) throw new Error(`fake-microphone fixture missing: ${wav}`);
  return {
    executablePath: config.use?.launchOptions?.executablePath ?? '/usr/bin/chromium',
    args: [
      ...projectArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}${loop ? '' : '%noloop'}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  };
}

/**
 * The fixture's sung part alone (1.2-4.8 s, cut at rising zero crossings), written once under
 * .tmp for a microphone that loops it: a take that scores how long a note is held needs the
 * voice for the whole take. With the file played once, a take that began late (a loaded machine
 * starting the audio worklet a second or two after Chromium opened the device and started the
 * file) found the voice half over: held 0.47 instead of about 1, notes missing at the end.
 */
export function loopingSungA3(): string {
  const out = absolutePath('.tmp/e2e-sung-a3-loop.wav');
  if (fs.existsSync(out)) return out;
  const wav = fs.readFileSync(absolutePath('fixtures/voice/e2e-sung-a3-220hz.wav'));
  const dataAt = wav.indexOf('data', 12) + 8;
  const rate = wav.readUInt32LE(24);
  const sample = (i: number) => wav.readInt16LE(dataAt + 2 * i);
  const risingAfter = (i: number) => {
    while (!(sample(i) < 0 && sample(i + 1) >= 0)) i++;
    return i + 1;
  };
  const from = risingAfter(Math.round(1.2 * rate));
  const to = risingAfter(Math.round(4.8 * rate));
  const header = Buffer.from(wav.subarray(0, dataAt));
  const body = wav.subarray(dataAt + 2 * from, dataAt + 2 * to);
  header.writeUInt32LE(body.length, dataAt - 4);
  header.writeUInt32LE(header.length - 8 + body.length, 4);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(`${out}.partial`, Buffer.concat([header, body]));
  fs.renameSync(`${out}.partial`, out);
  return out;
}

/** Screenshots for review go under .tmp/, never into the repository. */
export function screenshotPath(name: string): string {
  const dir = absolutePath('.tmp/screens');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

/**
 * Three earlier recordings with a median pitch of `pitchHz`, as the tuning room keeps them in
 * this browser's history (localStorage `tuneful_voice_sessions`): the range pitch exercises are
 * placed in. Around F3 (174.6 Hz), the one-note exercise lands on A3, the fake voice's note
 * (src/domain/pitch-target/exercises.ts placeInRange).
 */
export function voiceHistoryAround(pitchHz: number): string {
  return JSON.stringify(
    [1, 2, 3].map((i) => ({
      id: `seed-${i}`,
      at: new Date(Date.now() - i * 86_400_000).toISOString(),
      durationSec: 8,
      overall: 70,
      clarity: 70,
      stability: 70,
      resonance: 50,
      projection: 50,
      breathiness: 20,
      volume: 50,
      pitchHz,
      voicedFrames: 400,
    })),
  );
}
