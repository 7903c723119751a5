import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ApiRequestError } from '../../lib/api';
import { writeErrorText } from '../../lib/outbox/online-only';
import { BackHeader } from '../../ui/BackHeader';
import { Button } from '../../ui/Button';
import { StateMessage } from '../../ui/StateMessage';
import { NeedsConnection, SavedNote } from '../offline/saved-data/SavedNote';
import { useQueryView } from '../offline/saved-data/use-query-view';
import { useCircle, useJoinCircle, useLeaveCircle, type CircleDetail } from './circles-api';
import { focusLabel, isFull, skillLabel, typeLabel } from './circles-text';
import { CirclePlan, LiveEntry, WeeklyPractice } from './CirclePractice';
import { CircleChallenges } from '../challenges/CircleChallenges';
import { isPrivateCircleAnswer, PrivateCircle, whoseCircle } from './NotInCircle';
import { CircleRoles } from '../mentoring/CircleRoles';
import styles from './VoiceCircles.module.css';
import { countText } from '../../lib/plural';

/** The invite link a private circle's creator shares, with a copy button. */
function InviteLink({ url }: { url: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('no'); // e.g. clipboard refused: the field stays selectable
    }
  };
  return (
    <section className={styles.section} aria-labelledby="circle-invite">
      <h2 id="circle-invite" className={styles.sectionTitle}>
        Invite link
      </h2>
      <p className={styles.hint}>This circle is private: only people with this link can join.</p>
      <div className={styles.invite}>
        <input
          className={styles.field}
          readOnly
          value={url}
          aria-label="invite link"
          onFocus={(e) => e.target.select()}
        />
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          Copy link
        </Button>
      </div>
      <p className={styles.hint} role="status">
        {copied === 'yes' ? 'Link copied' : copied === 'no' ? 'Copy the link from the field above' : ''}
      </p>
    </section>
  );
}

function Membership({ circle, invite }: { circle: CircleDetail; invite: string | null }) {
  const join = useJoinCircle();
  const leave = useLeaveCircle();
  const full = isFull(circle);
  const err = join.error ?? leave.error;
  return (
    <section className={styles.section}>
      {circle.isMember ? (
        <>
          <h2 className={styles.sectionTitle}>Members</h2>
          <CircleRoles circleId={circle.id} names={circle.members} />
          <Button
            type="button"
            variant="ghost"
            loading={leave.isPending}
            onClick={() => leave.mutate(circle.id)}
          >
            Leave circle
          </Button>
        </>
      ) : (
        <Button
          type="button"
          block
          disabled={full || join.isPending}
          loading={join.isPending}
          onClick={() => join.mutate({ id: circle.id, ...(invite ? { inviteCode: invite } : {}) })}
        >
          {full ? 'This circle is full' : join.isPending ? 'Joining...' : 'Join'}
        </Button>
      )}
      {err && (
        <p className={styles.error} role="alert">
          {writeErrorText(err, 'Something went wrong. Please try again.')}
        </p>
      )}
    </section>
  );
}

/** /voice-circles/:id (an invite link adds ?invite=code): one circle, its plan and its week. */
export function CircleScreen() {
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const invite = params.get('invite');
  const circle = useCircle(id, invite);

  // Saved data wins offline (with its note); a circle that is gone or not ours says so.
  const view = useQueryView(circle);
  if (view.kind !== 'data') {
    const gone =
      view.kind === 'error' &&
      circle.error instanceof ApiRequestError &&
      [400, 404].includes(circle.error.status);
    return (
      <div className={styles.screen}>
        <BackHeader to="/voice-circles" backLabel="Back to voice circles" title="Voice circle" />
        {view.kind === 'loading' ? (
          <StateMessage kind="loading" title="loading…" />
        ) : view.kind === 'needs-connection' ? (
          <NeedsConnection onRetry={() => void circle.refetch()} />
        ) : isPrivateCircleAnswer(circle.error) ? (
          <PrivateCircle />
        ) : (
          <StateMessage
            kind="error"
            title={gone ? 'This circle is not available.' : "We couldn't load this circle just now."}
            {...(gone ? {} : { onRetry: () => void circle.refetch() })}
          />
        )}
      </div>
    );
  }
  const c = view.data;
  return (
    <div className={styles.screen}>
      <BackHeader to="/voice-circles" backLabel="Back to voice circles" title={c.name} />
      <SavedNote savedAt={view.savedAt} />
      <section className={styles.section}>
        <p className={styles.hint}>{whoseCircle(c)}</p>
        {c.description && <p className={styles.description}>{c.description}</p>}
        <ul className={styles.chips} aria-label="about this circle">
          <li className={styles.chip}>{focusLabel(c.focusArea)}</li>
          <li className={styles.chipQuiet}>{skillLabel(c.skillLevel)}</li>
          <li className={styles.chipQuiet}>{typeLabel(c.sessionType)}</li>
          {c.isPrivate && <li className={styles.chipQuiet}>Private</li>}
        </ul>
        <p className={styles.hint} data-testid="participants">
          {c.currentParticipants} / {countText(c.maxParticipants, 'participant')} · {c.duration} min
        </p>
      </section>
      <Membership circle={c} invite={invite} />
      {c.inviteUrl && <InviteLink url={c.inviteUrl} />}
      {c.sessionType === 'real_time' ? (
        <LiveEntry circle={c} nowMs={Date.now()} />
      ) : (
        <WeeklyPractice circle={c} />
      )}
      <CircleChallenges circleId={c.id} isMember={c.isMember} />
      <CirclePlan circle={c} />
    </div>
  );
}
