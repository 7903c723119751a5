import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MAX_PROMPT } from '../../domain/mentoring';
import { writeErrorText } from '../../lib/outbox/online-only';
import { BackHeader } from '../../ui/BackHeader';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { QueryBlock } from '../profile/QueryBlock';
import { FeatureGate } from '../tier-features/FeatureGate';
import {
  useClearPrompt,
  useLeadership,
  useNameCoLeader,
  usePinPrompt,
  useRemoveCoLeader,
  type LedCircle,
} from './mentoring-api';
import styles from './Mentoring.module.css';

/**
 * /leadership (tier feature community_leadership, level 9; docs/features/mentoring-leadership-teaching.md):
 * the circles the member owns or co-leads, each with its weekly prompt and, for an owner, its
 * co-leaders.
 */
export function LeadershipScreen() {
  return (
    <section className={styles.screen} aria-label="community leadership">
      <BackHeader to="/profile" backLabel="back to profile" title="community leadership">
        <p className={styles.lead}>
          Give your circles a practice prompt for the week, and share the leading with members who have come
          far.
        </p>
      </BackHeader>
      <section className={styles.section} aria-labelledby="led-title">
        <h2 id="led-title" className={styles.sectionTitle}>
          circles you lead
        </h2>
        <FeatureGate feature="community_leadership">
          <LedCircles />
        </FeatureGate>
      </section>
    </section>
  );
}

function LedCircles() {
  const led = useLeadership();
  return (
    <QueryBlock
      query={led}
      what="the circles you lead"
      isEmpty={(d) => d.circles.length === 0}
      emptyText="You do not lead a circle yet. Start one in voice circles, or ask an owner to name you co-leader."
    >
      {(d) => (
        <ul className={styles.list} aria-label="circles you lead">
          {d.circles.map((c) => (
            <li key={c.id}>
              <LedCircleCard circle={c} />
            </li>
          ))}
        </ul>
      )}
    </QueryBlock>
  );
}

function LedCircleCard({ circle }: { circle: LedCircle }) {
  const id = useId();
  const pin = usePinPrompt();
  const clear = useClearPrompt();
  const [text, setText] = useState(circle.prompt?.text ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const prompt = text.trim().replace(/\s+/g, ' ');
    if (!prompt) return setProblem('Write the prompt first.');
    setProblem(null);
    pin.mutate(
      { circleId: circle.id, prompt },
      { onSuccess: (sent) => setDone(sent.queued ? null : 'Pinned for this week.') },
    );
  };
  const err = pin.error ?? clear.error;

  return (
    <article className={styles.card} aria-labelledby={`${id}-name`}>
      <p className={styles.kicker}>{circle.role === 'owner' ? 'you started it' : 'you co-lead it'}</p>
      <h3 id={`${id}-name`}>
        <Link className={styles.link} to={`/voice-circles/${circle.id}`}>
          {circle.name}
        </Link>
      </h3>
      <p>
        {circle.prompt
          ? `This week: “${circle.prompt.text}” (pinned by ${circle.prompt.byFirstName})`
          : 'No prompt this week.'}
      </p>
      <form onSubmit={submit} className={styles.notes} noValidate>
        <label className={styles.label} htmlFor={`${id}-prompt`}>
          this week’s prompt
        </label>
        <textarea
          id={`${id}-prompt`}
          className={styles.textarea}
          value={text}
          maxLength={MAX_PROMPT}
          onChange={(e) => setText(e.target.value)}
        />
        {problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" loading={pin.isPending}>
            pin prompt
          </Button>
          {circle.prompt && (
            <Button
              type="button"
              variant="ghost"
              loading={clear.isPending}
              onClick={() => clear.mutate(circle.id)}
            >
              take it down
            </Button>
          )}
        </div>
        {done && <p role="status">{done}</p>}
        {err && (
          <p className={styles.error} role="alert">
            {writeErrorText(err, 'That did not go through. Try again in a moment.')}
          </p>
        )}
      </form>
      {circle.role === 'owner' && <CoLeaders circle={circle} />}
    </article>
  );
}

function CoLeaders({ circle }: { circle: LedCircle }) {
  const add = useNameCoLeader();
  const remove = useRemoveCoLeader();
  const [choice, setChoice] = useState('');
  const coLeaders = circle.members.filter((m) => m.coLeader);
  const eligible = circle.members.filter((m) => !m.owner && !m.coLeader && m.level >= 9);
  const err = add.error ?? remove.error;
  return (
    <div className={styles.notes}>
      <h4 className={styles.label}>co-leaders</h4>
      {coLeaders.length === 0 ? (
        eligible.length > 0 && (
          <p className={styles.muted}>None yet. A member at level 9 can co-lead with you.</p>
        )
      ) : (
        <ul className={styles.notes}>
          {coLeaders.map((m) => (
            <li key={m.id} className={styles.actions}>
              <span>{m.firstName}</span>
              <Button
                type="button"
                variant="ghost"
                aria-label={`remove ${m.firstName} as co-leader`}
                onClick={() => remove.mutate({ circleId: circle.id, userId: m.id })}
              >
                remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {eligible.length > 0 ? (
        <div className={styles.actions}>
          <Select
            label="name a co-leader"
            placeholder="choose a member"
            options={eligible.map((m) => ({ value: m.id, label: m.firstName }))}
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
          />
          <Button
            type="button"
            variant="secondary"
            disabled={!choice}
            loading={add.isPending}
            onClick={() =>
              add.mutate({ circleId: circle.id, userId: choice }, { onSuccess: () => setChoice('') })
            }
          >
            name co-leader
          </Button>
        </div>
      ) : (
        <p className={styles.muted}>
          {coLeaders.length === 0
            ? 'None yet: co-leaders are members of this circle at level 9, and nobody else here is yet.'
            : 'No other member of this circle is at level 9 yet.'}
        </p>
      )}
      {err && (
        <p className={styles.error} role="alert">
          {writeErrorText(err, 'That did not go through. Try again in a moment.')}
        </p>
      )}
    </div>
  );
}
