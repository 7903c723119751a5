import { Link } from 'react-router-dom';
import { BackIcon } from '../../ui/icons';
import { analyseOnDevice } from './analyse-on-device';
import { AssessmentCheck } from './AssessmentCheck';
import { recordTake } from './record-take';
import styles from '../tuning/Tuning.module.css';

const DEVICE = { recordTake, analyse: analyseOnDevice };

/** The check as /voice-analysis shows it: the real microphone and the on-device engine. */
export function AssessmentEntry({ onClose }: { onClose(): void }) {
  return (
    <div className={styles.screen}>
      <Link to="/voice-health-insights" className={styles.back} aria-label="back to voice health">
        <BackIcon /> voice health
      </Link>
      <AssessmentCheck deps={DEVICE} onClose={onClose} />
    </div>
  );
}
