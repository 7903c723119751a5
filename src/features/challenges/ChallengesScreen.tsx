import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { countText } from '../../lib/plural';
import { writeErrorText } from '../../lib/outbox/online-only';
import { BackHeader } from '../../ui/BackHeader';
import { Button } from '../../ui/Button';
import { StateMessage } from '../../ui/StateMessage';
import { QueryBlock } from '../profile/QueryBlock';
import { usePendingOfKind } from '../sync/pending-writes-queries';
import { FeatureGate } from '../tier-features/FeatureGate';
import { ChallengeCard } from './ChallengeCard';
import { ChallengeForm } from './ChallengeForm';
import { MasterChallenges } from './MasterChallenges';
import {
  challengeOfWrite,
  CHALLENGE_WRITES,
  useChallenges,
  useDeleteChallenge,
  useLeaveChallenge,
  type Challenge,
  type ChallengeList,
  type NewChallenge,
} from './challenges-api';
import { datesText, titleOf } from './challenge-text';
import styles from './Challenges.module.css';

/**
 * /challenges (tier features custom_challenges, level 8, and master_challenges, level 10;
 * docs/features/challenges.md): the member's challenges with their progress, setting a new one,
 * and the master challenges at #master. Each part below its level says what it is and which
 * level opens it; the challenges a member joined in a circle show at any level.
 */
export function ChallengesScreen() {
  const list = useChallenges();
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const raw = params.get('circle');
  const circleId = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const loaded = list.data !== undefined;

  // /challenges#master (the tier chip's link) and #set: scroll there once the page has its height.
  useEffect(() => {
    if (loaded && hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);

  const full =
    list.data && list.data.openCount >= list.data.limit
      ? `You have ${list.data.limit} open challenges, the most at once. Finish one, leave one or let one end before you set another.`
      : null;

  return (
    <section className={styles.screen} aria-label="challenges">
      <BackHeader to="/profile" backLabel="back to profile" title="challenges">
        <p className={styles.lead}>
          Goals for the weeks ahead, alone or with a circle. Only your own practice counts, day by day.
        </p>
      </BackHeader>
      <section className={styles.section} aria-labelledby="yours-title">
        <h2 id="yours-title" className={styles.sectionTitle}>
          your challenges
        </h2>
        <WaitingChallenges />
        <QueryBlock query={list} what="your challenges">
          {(data) => <YourChallenges data={data} />}
        </QueryBlock>
      </section>
      <section id="set" className={styles.section}>
        <FeatureGate feature="custom_challenges">
          <ChallengeForm full={full} circleId={circleId} />
        </FeatureGate>
      </section>
      <section id="master" className={styles.section}>
        <FeatureGate feature="master_challenges">
          <MasterChallenges />
        </FeatureGate>
      </section>
    </section>
  );
}

function YourChallenges({ data }: { data: ChallengeList }) {
  const leaving = new Set(usePendingOfKind(CHALLENGE_WRITES.leave).map((i) => challengeOfWrite(i.url)));
  const deleting = new Set(usePendingOfKind(CHALLENGE_WRITES.remove).map((i) => challengeOfWrite(i.url)));
  if (data.challenges.length === 0)
    return (
      <StateMessage
        kind="empty"
        title="No challenges yet."
        hint={
          <>
            Set one below, or join one a <Link to="/voice-circles">voice circle</Link> has set.
          </>
        }
      />
    );
  return (
    <>
      <p className={styles.summary} data-testid="challenge-summary">
        {countText(data.openCount, 'open challenge')} ({data.limit} at most) ·{' '}
        {countText(data.metCount, 'challenge')} met
      </p>
      <ul className={styles.list} aria-labelledby="yours-title">
        {data.challenges.map((c) => (
          <ChallengeCard
            key={c.id}
            challenge={c}
            {...(leaving.has(c.id) || deleting.has(c.id)
              ? {
                  note: `${leaving.has(c.id) ? 'Left' : 'Deleted'} on this device: sent when you are back online.`,
                }
              : { actions: <CardActions challenge={c} /> })}
          />
        ))}
      </ul>
    </>
  );
}

/** Leave (a challenge of one's own: delete) or, for its creator or circle owner, delete; asked once more first. */
function CardActions({ challenge: c }: { challenge: Challenge }) {
  const leave = useLeaveChallenge();
  const remove = useDeleteChallenge();
  const [asking, setAsking] = useState<'leave' | 'delete' | null>(null);
  const own = c.circle === null;
  const busy = leave.isPending || remove.isPending;
  const error = leave.error ?? remove.error;
  if (asking)
    return (
      <>
        <p className={styles.muted} role="status">
          {asking === 'leave'
            ? `Leave “${titleOf(c)}”? Your practice stays yours; the circle keeps the challenge.`
            : `Delete “${titleOf(c)}”${own ? '' : ' for everyone in the circle'}? This cannot be undone.`}
        </p>
        <Button
          type="button"
          variant="secondary"
          loading={busy}
          onClick={() =>
            (asking === 'leave' ? leave : remove).mutate(c.id, { onSettled: () => setAsking(null) })
          }
        >
          {asking === 'leave' ? 'yes, leave' : 'yes, delete'}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setAsking(null)}>
          keep it
        </Button>
      </>
    );
  return (
    <>
      {!own && (
        <Button type="button" variant="ghost" onClick={() => setAsking('leave')}>
          leave challenge
        </Button>
      )}
      {(own || c.canDelete) && (
        <Button type="button" variant="ghost" onClick={() => setAsking('delete')}>
          {own ? 'delete challenge' : 'delete for the circle'}
        </Button>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {writeErrorText(error, 'That did not work. Please try again.')}
        </p>
      )}
    </>
  );
}

/** Challenges set offline that still wait in the outbox: shown as set, marked as waiting to sync. */
function WaitingChallenges() {
  const waiting = usePendingOfKind(CHALLENGE_WRITES.create);
  if (waiting.length === 0) return null;
  return (
    <ul className={styles.list} aria-label="challenges waiting to sync">
      {waiting.map((item) => {
        const c = item.body as NewChallenge;
        return (
          <li key={item.key} className={styles.card} data-testid="challenge-waiting">
            <h3>{titleOf(c)}</h3>
            <p className={styles.muted}>{datesText(c.startDate, c.endDate)}</p>
            <p className={styles.progress}>Waiting to sync: it counts your practice once it is sent.</p>
          </li>
        );
      })}
    </ul>
  );
}
