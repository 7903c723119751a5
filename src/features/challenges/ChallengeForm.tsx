import { useId, useState, type FormEvent } from 'react';
import {
  addDays,
  CHALLENGE_FOCUSES,
  challengeRuleProblems,
  MAX_CHALLENGE_DAYS,
  MAX_CHALLENGE_NAME,
  TARGET_BOUNDS,
  type ChallengeFocus,
  type ChallengeMeasure,
} from '../../domain/challenges';
import { localDateOf } from '../../domain/streaks';
import { writeErrorText } from '../../lib/outbox/online-only';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { useMyCircles } from '../circles/circles-api';
import { useCreateChallenge, type NewChallenge } from './challenges-api';
import { datesText, ruleText } from './challenge-text';
import styles from './Challenges.module.css';

const MEASURES: { value: ChallengeMeasure; label: string }[] = [
  { value: 'days', label: 'days with a session' },
  { value: 'minutes', label: 'minutes of practice' },
  { value: 'sessions', label: 'sessions' },
];
const DEFAULT_TARGET: Record<ChallengeMeasure, number> = { days: 5, minutes: 60, sessions: 5 };

const browserToday = () => localDateOf(Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

/**
 * Setting a custom challenge (level 8): what counts, how much, of which focus, between which
 * days, alone or for a circle. The rule is checked here with the server's own bounds
 * (src/domain/challenges.ts) and said in words before it is sent; offline it waits in the outbox.
 */
export function ChallengeForm({ full, circleId }: { full: string | null; circleId: number | null }) {
  const id = useId();
  const create = useCreateChallenge();
  const circles = useMyCircles();
  const [today] = useState(browserToday);
  const [measure, setMeasure] = useState<ChallengeMeasure>('days');
  const [target, setTarget] = useState(String(DEFAULT_TARGET.days));
  const [focus, setFocus] = useState<ChallengeFocus | ''>('');
  const [startDate, setStart] = useState(today);
  const [endDate, setEnd] = useState(addDays(today, 6));
  const [circle, setCircle] = useState(circleId === null ? '' : String(circleId));
  const [name, setName] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const myCircles = circles.data ?? [];
  const chosenCircle = myCircles.find((c) => String(c.id) === circle) ?? null;
  const rule: NewChallenge = {
    name: name.trim(),
    measure,
    target: Number(target),
    focus: focus === '' ? null : focus,
    startDate,
    endDate,
    circleId: chosenCircle ? chosenCircle.id : null,
  };
  const problems = challengeRuleProblems(rule, today);
  const bounds = TARGET_BOUNDS[measure];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const first = Object.entries(problems)[0];
    if (first) {
      setShown(`${LABELS[first[0]] ?? first[0]} ${first[1]}.`);
      return;
    }
    setShown(null);
    create.mutate(rule, {
      onSuccess: (sent) => {
        // Queued: the toast and the "waiting to sync" card say so; that card goes once it is sent.
        setDone(sent.queued ? null : 'Your challenge is set: it is in your challenges above.');
        setName('');
      },
    });
  };

  if (full) return <p className={styles.summary}>{full}</p>;
  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        set a challenge
      </h2>
      <p className={styles.muted}>
        Your own goal for up to {MAX_CHALLENGE_DAYS} days. Every session and minute you practise between the
        dates counts; short practice adds minutes only.
      </p>
      <Select
        label="what counts"
        placeholder="choose what counts"
        options={MEASURES}
        value={measure}
        required
        onChange={(e) => {
          const next = (e.target.value || 'days') as ChallengeMeasure;
          setMeasure(next);
          setTarget(String(DEFAULT_TARGET[next]));
        }}
      />
      <div className={styles.pair}>
        <TextField
          label="how many"
          type="number"
          inputMode="numeric"
          min={bounds.min}
          max={bounds.max}
          required
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        />
        <Select
          label="focus"
          placeholder="any focus"
          options={CHALLENGE_FOCUSES.map((f) => ({ value: f, label: f }))}
          value={focus}
          onChange={(e) => setFocus(e.target.value as ChallengeFocus | '')}
        />
      </div>
      <div className={styles.pair}>
        <TextField
          label="from"
          type="date"
          required
          min={today}
          value={startDate}
          onChange={(e) => setStart(e.target.value)}
        />
        <TextField
          label="to"
          type="date"
          required
          min={startDate}
          value={endDate}
          onChange={(e) => setEnd(e.target.value)}
        />
      </div>
      <Select
        label="for"
        placeholder="just me"
        options={myCircles.map((c) => ({ value: String(c.id), label: `${c.name} (every member can join)` }))}
        value={circle}
        onChange={(e) => setCircle(e.target.value)}
      />
      <TextField
        label="name (optional)"
        maxLength={MAX_CHALLENGE_NAME}
        value={name}
        placeholder="e.g. morning voice week"
        onChange={(e) => setName(e.target.value)}
      />
      <p className={styles.preview} data-testid="challenge-preview">
        {Object.keys(problems).length === 0
          ? `${ruleText(rule)}, ${datesText(startDate, endDate)}${chosenCircle ? `, with ${chosenCircle.name}` : ''}.`
          : 'Choose what counts, how many and the dates.'}
      </p>
      {(shown ?? create.error) && (
        <p className={styles.error} role="alert">
          {shown ?? writeErrorText(create.error, 'We could not set your challenge. Please try again.')}
        </p>
      )}
      {done && (
        <p className={styles.muted} role="status">
          {done}
        </p>
      )}
      <Button type="submit" block loading={create.isPending}>
        set challenge
      </Button>
    </form>
  );
}

/** How each field is named in a message ("How many must be…"). */
const LABELS: Record<string, string> = {
  target: 'How many',
  startDate: 'The start date',
  endDate: 'The end date',
};
