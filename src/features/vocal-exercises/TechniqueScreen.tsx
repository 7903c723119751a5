import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import {
  RULE_TEXTS,
  type RecordingForFeedback,
  RULES,
  techniqueFeedback,
  type TechniqueFeedback,
  type TechniqueFinding,
} from '../../domain/pitch-target/technique-rules';
import { exerciseFor } from '../../domain/pitch-target/vocal-exercises';
import { tierFeature } from '../../domain/tier-features';
import { countText } from '../../lib/plural';
import { BackHeader } from '../../ui/BackHeader';
import growth from '../growth/Growth.module.css';
import { usePitchResults, type StoredPitchResult } from '../pitch-match/pitch-api';
import { QueryBlock } from '../profile/QueryBlock';
import { FeatureGate } from '../tier-features/FeatureGate';
import { useAccountHistory } from '../tuning/useAccountHistory';
import styles from './VocalExercises.module.css';

export const exerciseHref = (id: string) => `/vocal-exercises?exercise=${encodeURIComponent(id)}`;

/**
 * /technique (tier feature `technique_feedback`, level 5): what the member's recent scored takes
 * say about how they sing, in plain words, then the numbers, each with the exercise that trains
 * it. Computed here, on the device, from the takes the app already keeps (no audio is sent);
 * the rules are src/domain/pitch-target/technique-rules.ts.
 */
export function TechniqueScreen() {
  return (
    <section className={growth.screen} aria-label="technique feedback">
      <BackHeader to="/profile" backLabel="back to profile" title="technique feedback" />
      <FeatureGate feature="technique_feedback">
        <TechniqueContent />
      </FeatureGate>
    </section>
  );
}

function TechniqueContent() {
  const results = usePitchResults();
  // The tuning room's free recordings, where the member keeps them (this device or the account).
  const recordings = useAccountHistory().sessions;
  return (
    <QueryBlock query={results} what="your scored takes">
      {(takes) => <TechniqueBody takes={takes} recordings={recordings} />}
    </QueryBlock>
  );
}

export function TechniqueBody({
  takes,
  recordings,
}: {
  takes: readonly StoredPitchResult[];
  recordings: readonly RecordingForFeedback[];
}) {
  const feedback = useMemo(() => techniqueFeedback(takes, recordings), [takes, recordings]);
  return (
    <>
      <p className={styles.intro}>{tierFeature('technique_feedback').summary}</p>
      {feedback.kind === 'too-few' ? <TooFew feedback={feedback} /> : <Findings feedback={feedback} />}
      <HowWeRead />
    </>
  );
}

function TooFew({ feedback }: { feedback: Extract<TechniqueFeedback, { kind: 'too-few' }> }) {
  const first = exerciseFor('warm-up');
  return (
    <div className={styles.finding} data-testid="technique-too-few">
      <h2>sing a little more first</h2>
      <p>
        Feedback needs at least {countText(feedback.takesNeeded, 'scored take')} with{' '}
        {countText(feedback.notesNeeded, 'sung note')} between them. So far there{' '}
        {feedback.takes === 1 ? 'is' : 'are'} {countText(feedback.takes, 'take')} with{' '}
        {countText(feedback.sungNotes, 'note')}.
      </p>
      <p>Sing a vocal exercise or match the note in the tuning room; each take you finish counts.</p>
      <Link className={styles.startLink} to={exerciseHref(first.id)}>
        start {first.title.toLowerCase()}
      </Link>
    </div>
  );
}

function Findings({ feedback }: { feedback: Extract<TechniqueFeedback, { kind: 'feedback' }> }) {
  const warmUp = exerciseFor('warm-up');
  return (
    <>
      {feedback.findings.length === 0 ? (
        <div className={styles.finding} data-testid="technique-clear">
          <h2>your notes are steady and in tune</h2>
          <p>None of the rules below found anything to work on in your recent takes. Keep your voice warm.</p>
          <Link className={styles.startLink} to={exerciseHref(warmUp.id)}>
            start {warmUp.title.toLowerCase()}
          </Link>
        </div>
      ) : (
        <ul className={styles.list} aria-label="what we noticed" data-testid="technique-findings">
          {feedback.findings.map((f) => (
            <FindingCard key={f.rule} finding={f} />
          ))}
        </ul>
      )}
      <p className={growth.muted}>
        From your {countText(feedback.takes, 'most recent scored take', 'most recent scored takes')} (
        {countText(feedback.sungNotes, 'sung note')}), worked out on this device.
      </p>
    </>
  );
}

function FindingCard({ finding }: { finding: TechniqueFinding }) {
  return (
    <li className={styles.finding} data-testid={`finding-${finding.rule}`}>
      <h2>{finding.statement}</h2>
      <p>{finding.advice}</p>
      <p className={styles.numbers}>{finding.numbers}</p>
      <Link className={styles.startLink} to={exerciseHref(finding.exerciseId)}>
        start {finding.exerciseTitle.toLowerCase()}
      </Link>
    </li>
  );
}

function HowWeRead() {
  return (
    <details className={styles.rules}>
      <summary>how we read your singing</summary>
      <p>
        Every statement comes from one rule over the note results of your {RULES.recentTakes} most recent
        scored takes (match the note, session steps and vocal exercises), or over your{' '}
        {RULES.recentRecordings} most recent free recordings in the tuning room. A rule speaks when:
      </p>
      <ul>
        {RULE_TEXTS.map((r) => (
          <li key={r.rule}>
            <strong>{r.rule}</strong>: {r.text}
          </li>
        ))}
      </ul>
    </details>
  );
}
