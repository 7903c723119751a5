import { useState, type FormEvent } from 'react';
import { TextField } from '../../ui/TextField';
import { LevelMeter } from '../assessment/LevelMeter';
import type { Level, RecordTake } from '../assessment/record-take';
import { QUIET_PEAK } from '../assessment/take-quality';
import { formatDay } from '../growth/growth-text';
import { calibrationDbFrom, parseMeterReading, steadyLevelDb, type Calibration } from './calibration';
import a from '../assessment/Assessment.module.css';
import styles from './VoiceRange.module.css';

interface Props {
  calibration: Calibration | null;
  recordTake: RecordTake;
  onSave(c: Calibration): void;
  onForget(): void;
  now?: () => Date;
}

type Step =
  | { kind: 'closed' }
  | { kind: 'tone'; recording: boolean; problem: string | null }
  | { kind: 'reading'; measuredDb: number };

/**
 * The optional one-time calibration (issue 31): a steady tone measured by a sound level meter
 * and by this device at once turns the range check's levels into dB SPL, which the Dysphonia
 * Severity Index needs. Kept in this browser only (calibration.ts says exactly what is stored).
 */
export function CalibrationPanel({
  calibration,
  recordTake,
  onSave,
  onForget,
  now = () => new Date(),
}: Props) {
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [level, setLevel] = useState<Level>({ rms: 0, peak: 0 });
  const [reading, setReading] = useState('');
  const [device, setDevice] = useState(calibration?.device ?? 'this phone');
  const [problem, setProblem] = useState<string | null>(null);

  const record = () => {
    setStep({ kind: 'tone', recording: true, problem: null });
    recordTake({ kind: 'vowel', onLevel: setLevel }).then(
      (take) => {
        const peak = take.samples.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
        if (peak < QUIET_PEAK)
          return setStep({
            kind: 'tone',
            recording: false,
            problem: 'We could not hear the tone. Make it a little louder, or bring the phone to 30 cm.',
          });
        if (peak >= 0.99)
          return setStep({
            kind: 'tone',
            recording: false,
            problem: 'The tone was too loud for the microphone. Make it softer and try again.',
          });
        setStep({ kind: 'reading', measuredDb: steadyLevelDb(take.samples) });
      },
      (e: unknown) => {
        const message =
          (e as { name?: string } | null)?.name === 'MicrophoneError'
            ? String((e as Error).message)
            : 'The recording could not start. Please try again.';
        setStep({ kind: 'tone', recording: false, problem: message });
      },
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (step.kind !== 'reading') return;
    const parsed = parseMeterReading(reading);
    if (!parsed.ok) return setProblem(parsed.problem);
    setProblem(null);
    onSave({
      calibrationDb: calibrationDbFrom(parsed.db, step.measuredDb),
      device: device.trim() || 'this device',
      calibratedAt: now().toISOString(),
    });
    setStep({ kind: 'closed' });
    setReading('');
  };

  return (
    <section className={a.card} aria-labelledby="calibration-title" data-testid="calibration">
      <h2 id="calibration-title" className={a.cardTitle}>
        levels in decibels (optional)
      </h2>
      {calibration ? (
        <p data-testid="calibration-status">
          This device is calibrated ({calibration.device}
          {calibration.calibratedAt ? `, ${formatDay(calibration.calibratedAt)}` : ''}): your levels are in dB
          SPL at 30 cm, and your voice severity index (DSI) can be worked out.
        </p>
      ) : (
        <p data-testid="calibration-status">
          Without a calibration, levels are relative: 0 dB is your loudest sound. With a sound level meter you
          can calibrate this device once, so levels are in dB SPL and your voice severity index (DSI) can be
          worked out.
        </p>
      )}
      <p className={a.muted}>
        The calibration is kept in this browser on this device only; another phone or microphone needs its
        own.
      </p>
      {step.kind === 'closed' && (
        <div className={styles.row}>
          <button
            type="button"
            className={a.secondary}
            onClick={() => setStep({ kind: 'tone', recording: false, problem: null })}
          >
            {calibration ? 'calibrate again' : 'calibrate this device'}
          </button>
          {calibration && (
            <button type="button" className={a.link} onClick={onForget}>
              forget the calibration
            </button>
          )}
        </div>
      )}
      {step.kind === 'tone' && (
        <>
          <ol className={styles.steps}>
            <li>
              Put the sound level meter and this phone side by side, 30 cm from your mouth (or from a
              speaker).
            </li>
            <li>Press Record, then hum one steady note, or play a steady tone, for about 4 seconds.</li>
            <li>While it sounds, read the meter: you type that number next.</li>
          </ol>
          {step.problem && (
            <div role="alert" className={a.problem}>
              {step.problem}
            </div>
          )}
          <LevelMeter level={level} />
          {step.recording ? (
            <p role="status" className={a.recording}>
              Listening to the tone…
            </p>
          ) : (
            <div className={styles.row}>
              <button type="button" className={a.primary} onClick={record}>
                Record
              </button>
              <button type="button" className={a.link} onClick={() => setStep({ kind: 'closed' })}>
                cancel
              </button>
            </div>
          )}
        </>
      )}
      {step.kind === 'reading' && (
        <form className={styles.form} onSubmit={submit} noValidate>
          <p role="status">Heard. Now type what the sound level meter showed for that tone.</p>
          <TextField
            label="the meter's reading, dB SPL"
            inputMode="decimal"
            value={reading}
            onChange={(e) => setReading(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'calibration-problem' : undefined}
          />
          <TextField
            label="name of this device"
            value={device}
            onChange={(e) => setDevice(e.target.value)}
            maxLength={40}
          />
          {problem && (
            <p id="calibration-problem" role="alert" className={a.problem}>
              {problem}
            </p>
          )}
          <div className={styles.row}>
            <button type="submit" className={a.primary}>
              save the calibration
            </button>
            <button type="button" className={a.link} onClick={() => setStep({ kind: 'closed' })}>
              cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
