import { Alert } from '../../ui/Alert';
import type { PitchRangeHz, ProcessingStage, StartEngine } from './engine-types';
import { headline } from './errors';
import { formatElapsed } from './format';
import { LiveReadout } from './LiveReadout';
import { PitchTrace } from './PitchTrace';
import type { VoiceAnalysis } from './recording-summary';
import { useRecorder } from './useRecorder';
import { Waveform } from './Waveform';
import styles from './Recorder.module.css';

interface VoiceRecorderProps {
  startEngine: StartEngine;
  /** The spec words microphone failures differently on the two screens. */
  micErrorText: string;
  onAnalysis: (analysis: VoiceAnalysis) => void;
  /** The member's pitch range from their history; null = unknown (the full 50-1500 Hz). */
  pitchRange?: PitchRangeHz | null;
}

const STAGE_NAMES: Record<ProcessingStage, string> = {
  echoCancellation: 'echo cancellation',
  noiseSuppression: 'noise suppression',
  autoGainControl: 'automatic gain control',
};

/** The voice recorder shared by /tuning-room and /voice-analysis. */
export function VoiceRecorder({
  startEngine,
  micErrorText,
  onAnalysis,
  pitchRange = null,
}: VoiceRecorderProps) {
  const rec = useRecorder(startEngine, onAnalysis, pitchRange);
  const recording = rec.status === 'recording';
  const busy = rec.status === 'starting' || rec.status === 'stopping';

  return (
    <section className={styles.recorder} aria-labelledby="recorder-title" data-status={rec.status}>
      <h2 id="recorder-title" className={styles.title}>
        voice recorder
      </h2>
      <div className={styles.controls}>
        <button
          type="button"
          className={`${styles.mic} ${recording ? styles.micRecording : ''}`}
          onClick={rec.toggle}
          disabled={busy}
          aria-busy={busy || undefined}
          aria-label={recording ? 'Stop recording' : 'Start recording'}
          data-testid="mic-button"
        >
          {recording ? <StopGlyph /> : <MicGlyph />}
        </button>
        <div className={styles.status}>
          <span role="timer" aria-label="elapsed time" className={styles.timer} data-testid="recorder-timer">
            {formatElapsed(rec.elapsedSec)}
          </span>
          <span className={styles.hint}>{statusText(rec.status, rec.elapsedSec > 0)}</span>
        </div>
        <Waveform active={recording} />
      </div>

      {rec.error && (
        <div className={styles.error} data-testid="recorder-error">
          <Alert>
            <strong>{headline(rec.error, micErrorText)}</strong>
            {rec.error.hint && <span className={styles.errorHint}>{rec.error.hint}</span>}
          </Alert>
        </div>
      )}
      {rec.notHeard && (
        <div data-testid="not-heard">
          <Alert tone="info">{rec.notHeard}</Alert>
        </div>
      )}

      <PitchTrace active={recording} />
      <LiveReadout active={recording} />

      {recording && rec.stagesKeptOn.length > 0 && (
        <p className={styles.stages} data-testid="stages-kept-on">
          Your browser kept {joinWords(rec.stagesKeptOn.map((s) => STAGE_NAMES[s]))} on, so volume and clarity
          may read lower or steadier than your voice really is.
        </p>
      )}
      <p className={styles.privacy}>
        Your voice is analysed on this device. The audio is never saved or sent; only the scores are kept.
      </p>
    </section>
  );
}

function statusText(status: string, recordedBefore: boolean): string {
  if (status === 'starting') return 'asking for your microphone…';
  if (status === 'recording') return 'listening — tap to stop';
  if (status === 'stopping') return 'analysing…';
  return recordedBefore ? 'tap the microphone to record again' : 'tap the microphone to begin';
}

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function MicGlyph() {
  return (
    <svg
      width="30"
      height="30"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      aria-hidden
    >
      <rect x="9" y="3.5" width="6" height="11" rx="3" />
      <path d="M5.5 11.5a6.5 6.5 0 0 0 13 0M12 18v2.5" />
    </svg>
  );
}

function StopGlyph() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden>
      <rect x="6" y="6" width="12" height="12" rx="2.5" fill="currentColor" />
    </svg>
  );
}
