import { Link } from 'react-router-dom';
import { mostOftenAfter, shiftSummary, weeklyValence, type PracticeFeeling } from '../../domain/emotions';
import { BackHeader } from '../../ui/BackHeader';
import { StateMessage } from '../../ui/StateMessage';
import { countText } from '../../lib/plural';
import { useSavedBlock } from '../offline/saved-data/use-saved-block';
import { reflectionDate } from '../profile/profile-text';
import { useBackTo } from '../tier-features/back-to';
import { FeatureGate } from '../tier-features/FeatureGate';
import { shiftDetail, shiftHeadline } from './emotion-text';
import { useFeelings, type FeelingsAnswer } from './emotions-api';
import { WeeksChart } from './WeeksChart';
import styles from './EmotionsScreen.module.css';

/** How many weeks the chart shows. */
const CHART_WEEKS = 8;
/** How many practices the list shows. */
const LIST_LENGTH = 10;

/** /emotions: how practice moves the member's feelings (tier feature emotion_tracking, level 2). */
export function EmotionsScreen() {
  const back = useBackTo('/profile');
  return (
    <section className={styles.screen} aria-labelledby="emotions-title">
      <BackHeader to={back.to} backLabel={back.label} title="emotion tracking">
        <p className={styles.subtitle}>How practice moves how you feel, from your own answers.</p>
      </BackHeader>
      <FeatureGate feature="emotion_tracking">
        <EmotionsBody />
      </FeatureGate>
    </section>
  );
}

function EmotionsBody() {
  const block = useSavedBlock(useFeelings(), 'your feelings');
  if (block.data === undefined) return block.fallback;
  const linked = block.data.feelings.filter((f) => f.practice !== null);
  return (
    <>
      {block.note}
      {linked.length === 0 ? <Empty /> : <Findings data={block.data} linked={linked} />}
    </>
  );
}

function Empty() {
  return (
    <StateMessage
      kind="empty"
      title="No feelings noted yet."
      hint={
        <>
          When a session starts, tap how you feel; when it ends, tap again. After a few practices this page
          says what practice does for you. <Link to="/discover">Find a session</Link>
        </>
      }
    />
  );
}

function Findings({ data, linked }: { data: FeelingsAnswer; linked: PracticeFeeling[] }) {
  const summary = shiftSummary(linked);
  const headline = shiftHeadline(summary);
  const most = mostOftenAfter(linked);
  return (
    <>
      <section className={styles.card} aria-labelledby="findings-title" data-testid="emotions-findings">
        <h2 id="findings-title" className={styles.cardTitle}>
          what practice does
        </h2>
        <p className={styles.headline} data-testid="emotions-headline">
          {headline ??
            'Tap how you feel both before and after the same practice, and this says how it moved.'}
        </p>
        {shiftDetail(summary) && <p className={styles.muted}>{shiftDetail(summary)}</p>}
        {most && (
          <p className={styles.muted}>
            After practice you most often felt {most.emotion} ({countText(most.count, 'time')}).
          </p>
        )}
      </section>
      <section className={styles.card} aria-labelledby="weeks-title">
        <h2 id="weeks-title" className={styles.cardTitle}>
          week by week
        </h2>
        <WeeksChart weeks={weeklyValence(linked, data.today, CHART_WEEKS)} />
      </section>
      <section className={styles.card} aria-labelledby="recent-title">
        <h2 id="recent-title" className={styles.cardTitle}>
          your last practices
        </h2>
        <ul className={styles.list}>
          {linked.slice(0, LIST_LENGTH).map((f) => (
            <li key={f.runKey} className={styles.row} data-testid="emotion-row">
              <span className={styles.rowTitle}>
                {f.practice?.title}
                <span className={styles.rowDate}>
                  {' '}
                  · {reflectionDate(f.practice?.practisedAt ?? '', Date.now())}
                </span>
              </span>
              <span className={styles.shift}>
                {f.before ?? 'not noted'} <span aria-hidden>→</span>
                <span className="visually-hidden">, then</span> {f.after ?? 'not noted'}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <p className={styles.footnote}>
        Only you see these answers. They stay with your account, in your data export, and go when you delete
        it.
      </p>
    </>
  );
}
