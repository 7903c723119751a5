import { Link } from 'react-router-dom';
import { isFeatureUnlocked } from '../../domain/tier-features';
import { writeErrorText } from '../../lib/outbox/online-only';
import { Button } from '../../ui/Button';
import { StateMessage } from '../../ui/StateMessage';
import { useSavedBlock } from '../offline/saved-data/use-saved-block';
import { useDashboard } from '../profile/profile-queries';
import { usePendingOfKind } from '../sync/pending-writes-queries';
import { ChallengeCard } from './ChallengeCard';
import { challengeOfWrite, CHALLENGE_WRITES, useCircleChallenges, useJoinChallenge } from './challenges-api';
import styles from './Challenges.module.css';
import circleStyles from '../circles/VoiceCircles.module.css';

/**
 * A voice circle's open challenges on its screen: every member sees them and can join; each
 * joiner's progress is their own. Members at level 8 can set one for the circle.
 */
export function CircleChallenges({ circleId, isMember }: { circleId: number; isMember: boolean }) {
  const list = useCircleChallenges(circleId, isMember);
  const block = useSavedBlock(list, "the circle's challenges");
  const join = useJoinChallenge();
  const joining = new Set(usePendingOfKind(CHALLENGE_WRITES.join).map((i) => challengeOfWrite(i.url)));
  const dashboard = useDashboard();
  const canSet = dashboard.data
    ? isFeatureUnlocked('custom_challenges', dashboard.data.user.toneTokens)
    : false;

  return (
    <section
      className={circleStyles.section}
      aria-labelledby="circle-challenges"
      data-testid="circle-challenges"
    >
      <h2 id="circle-challenges" className={circleStyles.sectionTitle}>
        Challenges
      </h2>
      {!isMember ? (
        <p className={styles.summary}>Join the circle to see its challenges and take them on together.</p>
      ) : block.data === undefined ? (
        block.fallback
      ) : (
        <>
          {block.note}
          {block.data.length === 0 ? (
            <StateMessage kind="empty" title="No open challenges in this circle." />
          ) : (
            <ul className={styles.list} aria-labelledby="circle-challenges">
              {block.data.map((c) =>
                c.joined ? (
                  <ChallengeCard
                    key={c.id}
                    inCircle
                    challenge={c}
                    note="You're in: your own practice counts."
                  />
                ) : joining.has(c.id) ? (
                  <ChallengeCard
                    key={c.id}
                    inCircle
                    challenge={c}
                    note="Joined on this device: sent when you are back online."
                  />
                ) : (
                  <ChallengeCard
                    key={c.id}
                    inCircle
                    challenge={c}
                    actions={
                      <Button
                        type="button"
                        variant="secondary"
                        loading={join.isPending && join.variables === c.id}
                        onClick={() => join.mutate(c.id)}
                      >
                        join challenge
                      </Button>
                    }
                  />
                ),
              )}
            </ul>
          )}
          {join.error && (
            <p className={styles.error} role="alert">
              {writeErrorText(join.error, 'We could not join the challenge. Please try again.')}
            </p>
          )}
          {canSet && (
            <Link className={styles.link} to={`/challenges?circle=${circleId}#set`}>
              set a challenge for this circle
            </Link>
          )}
        </>
      )}
    </section>
  );
}
