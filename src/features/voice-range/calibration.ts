// The optional one-time level calibration of this device (issue 31), kept in this browser's
// storage (it belongs to the phone and its microphone, not to the account).
//
// What is stored, exactly: `calibrationDb`, the level in dB SPL at 30 cm that a full-scale
// sine (peak 1, RMS 1/√2) would read on a sound level meter with this device's microphone.
// The member makes a steady tone 30 cm from the meter and the phone; the app measures its RMS
// over the steady middle of the take, `measuredDb = 20 log10(RMS)` (dB re an RMS of 1, where a
// full-scale sine is -3.01 dB); the member types the meter's reading `meterDb`. Then
//   calibrationDb = meterDb - measuredDb - 3.01
// and any later level of RMS r reads  dB SPL = 20 log10(r) + 3.01 + calibrationDb.
// (Check: a tone of RMS 0.1, -20 dB, read at 70 dB SPL gives calibrationDb 86.99; a full-scale
// sine, -3.01 dB, then reads 86.99 dB SPL.) A browser that changes the microphone's gain on its
// own (automatic gain control) would spoil it: the recorder asks for it off.

export const CALIBRATION_KEY = 'tuneful.voice-range.calibration';
/** A full-scale sine's RMS in dB re an RMS of 1: 20 log10(1/√2). */
export const SINE_RMS_DB = 3.01;
/** What a sound level meter can sensibly read for a voice or a tone at 30 cm. */
export const METER_MIN_DB = 30;
export const METER_MAX_DB = 130;

export interface Calibration {
  calibrationDb: number;
  /** The member's name for this device ("my phone"), shown so they know which one it is. */
  device: string;
  /** ISO instant of the calibration. */
  calibratedAt: string;
}

/** dB re an RMS of 1 of a take's steady middle (the middle half: no onset, no tail). */
export function steadyLevelDb(samples: Float32Array): number {
  const from = Math.floor(samples.length / 4);
  const to = Math.max(from + 1, Math.floor((samples.length * 3) / 4));
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! * samples[i]!;
  return 10 * Math.log10(Math.max(sum / (to - from), 1e-12));
}

export function calibrationDbFrom(meterDb: number, measuredDb: number): number {
  return Math.round((meterDb - measuredDb - SINE_RMS_DB) * 100) / 100;
}

/** A level of RMS `rms` in dB SPL with a calibration. */
export function splOf(rms: number, calibrationDb: number): number {
  return 20 * Math.log10(Math.max(rms, 1e-6)) + SINE_RMS_DB + calibrationDb;
}

/** The typed meter reading as a number, or what is wrong with it in words. */
export function parseMeterReading(text: string): { ok: true; db: number } | { ok: false; problem: string } {
  const t = text.trim().replace(',', '.');
  if (t === '')
    return { ok: false, problem: 'Type the number the sound level meter showed, for example 72.' };
  const db = Number(t);
  if (!Number.isFinite(db))
    return { ok: false, problem: 'Type the reading as a number of decibels, for example 72.' };
  if (db < METER_MIN_DB || db > METER_MAX_DB)
    return {
      ok: false,
      problem: `A voice or a tone at 30 cm reads between ${METER_MIN_DB} and ${METER_MAX_DB} dB SPL; please check the meter's reading.`,
    };
  return { ok: true, db };
}

export function loadCalibration(storage: Storage | undefined = globalThis.localStorage): Calibration | null {
  try {
    const raw = storage?.getItem(CALIBRATION_KEY);
    if (!raw) return null;
    const c = JSON.parse(raw) as Partial<Calibration>;
    if (typeof c.calibrationDb !== 'number' || !Number.isFinite(c.calibrationDb)) return null;
    return {
      calibrationDb: c.calibrationDb,
      device: typeof c.device === 'string' && c.device ? c.device : 'this device',
      calibratedAt: typeof c.calibratedAt === 'string' ? c.calibratedAt : '',
    };
  } catch {
    return null;
  }
}

export function saveCalibration(c: Calibration, storage: Storage | undefined = globalThis.localStorage) {
  storage?.setItem(CALIBRATION_KEY, JSON.stringify(c));
}

export function forgetCalibration(storage: Storage | undefined = globalThis.localStorage) {
  storage?.removeItem(CALIBRATION_KEY);
}
