import { Link } from 'react-router-dom';
import { BackIcon } from '../../ui/icons';
import { Button } from '../../ui/Button';
import { BeforeFeeling } from '../emotions/FeelingQuestion';
import { formatCountdown } from './session-clock';
import type { SessionTemplate } from './template-api';
import { difficultyLabel, focusLabel, planMinutes, voiceLevelLabel } from './template-text';
import styles from './Templates.module.css';
import { countText } from '../../lib/plural';
import { LockedFeature } from '../tier-features/FeatureGate';
import { isAdvanced, useAdvancedLock } from './advanced-lock';

/**
 * Spec: title, description, minutes, difficulty, voice level, numbered steps with durations,
 * 'Start Session'. An advanced template below level 4 shows what opens it instead of the start
 * button, so the member is told before practising, not by a refused save afterwards.
 */
export function PreviewPhase({ template, onStart }: { template: SessionTemplate; onStart: () => void }) {
  const level = useAdvancedLock();
  const locked = isAdvanced(template) && level.kind === 'locked' ? level : null;
  return (
    <section className={styles.screen} aria-labelledby="template-title">
      <div className={styles.topBar}>
        <Link to="/library" className={styles.round} aria-label="back to library">
          <BackIcon />
        </Link>
        <span className={styles.kicker}>{focusLabel(template.category)}</span>
      </div>
      <div className={styles.previewHead}>
        <h1 id="template-title" className={styles.heading}>
          {template.title}
        </h1>
        <p className={styles.description}>{template.description}</p>
        <ul className={styles.facts} aria-label="About this session">
          <li>{countText(planMinutes(template.duration), 'minute')}</li>
          <li>{difficultyLabel(template.difficulty)}</li>
          <li>{voiceLevelLabel(template.voiceLevel)}</li>
        </ul>
      </div>
      {locked && (
        <div className={styles.lockedPreview}>
          <LockedFeature feature="advanced_sessions" tokens={locked.tokens} />
        </div>
      )}
      <h2 className={styles.subheading}>The steps</h2>
      <ol className={styles.steps}>
        {template.instructions.map((step, i) => (
          <li key={i} className={styles.step} data-testid="preview-step">
            <span className={styles.stepNumber} aria-hidden>
              {i + 1}
            </span>
            <span className={styles.stepText}>{step.text}</span>
            <span className={styles.stepDuration}>
              <span className={styles.visuallyHidden}>lasts </span>
              {formatCountdown(step.duration)}
            </span>
          </li>
        ))}
      </ol>
      {!locked && (
        <>
          <BeforeFeeling kind="template" itemId={template.id} fit="inset" />
          <div className={styles.stickyAction}>
            <Button block onClick={onStart}>
              Start Session
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
