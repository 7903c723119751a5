import { useId, useState, type FormEvent } from 'react';
import {
  MAX_INTRO,
  MAX_MENTEES,
  MENTOR_FOCUSES,
  MENTOR_FOCUS_LABELS,
  type MentorFocus,
} from '../../domain/mentoring';
import { countText } from '../../lib/plural';
import { writeErrorText } from '../../lib/outbox/online-only';
import { BackHeader } from '../../ui/BackHeader';
import { Button } from '../../ui/Button';
import { ChoiceChip } from '../../ui/ChoiceChip';
import { Select } from '../../ui/Select';
import { QueryBlock } from '../profile/QueryBlock';
import { FeatureGate } from '../tier-features/FeatureGate';
import { PairingCard } from './PairingCard';
import {
  useMentoring,
  useRequestMentor,
  useSaveOffer,
  type MentoringPage,
  type Offer,
} from './mentoring-api';
import styles from './Mentoring.module.css';

const FOCUS_OPTIONS = MENTOR_FOCUSES.map((f) => ({ value: f, label: MENTOR_FOCUS_LABELS[f] }));

/**
 * /mentoring (tier feature mentoring_others, level 7; docs/features/mentoring-leadership-teaching.md).
 * Asking for a mentor is open to every level; offering to mentor opens at level 7.
 */
export function MentoringScreen() {
  const page = useMentoring();
  return (
    <section className={styles.screen} aria-label="mentoring">
      <BackHeader to="/profile" backLabel="back to profile" title="mentoring">
        <p className={styles.lead}>
          A member further along cheers a newer one on: first names, levels and streaks only, and short notes.
        </p>
      </BackHeader>
      {/* A mentor's own mentees first; a newer member's mentor first. */}
      {page.data?.canMentor ? (
        <>
          <MentorOthers page={page} />
          <YourMentor page={page} />
        </>
      ) : (
        <>
          <YourMentor page={page} />
          <MentorOthers page={page} />
        </>
      )}
    </section>
  );
}

type PageQuery = ReturnType<typeof useMentoring>;

function YourMentor({ page }: { page: PageQuery }) {
  return (
    <section className={styles.section} aria-labelledby="your-mentor">
      <h2 id="your-mentor" className={styles.sectionTitle}>
        your mentor
      </h2>
      <QueryBlock query={page} what="your mentoring">
        {(data) => (data.mentor ? <PairingCard pairing={data.mentor} /> : <AskForMentor />)}
      </QueryBlock>
    </section>
  );
}

function MentorOthers({ page }: { page: PageQuery }) {
  return (
    <section className={styles.section} aria-labelledby="mentor-others">
      <h2 id="mentor-others" className={styles.sectionTitle}>
        mentor others
      </h2>
      <FeatureGate feature="mentoring_others">
        <QueryBlock query={page} what="your mentoring">
          {(data) => <MentorSide data={data} />}
        </QueryBlock>
      </FeatureGate>
    </section>
  );
}

function AskForMentor() {
  const ask = useRequestMentor();
  const [focus, setFocus] = useState<MentorFocus | ''>('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    ask.mutate(focus === '' ? null : focus);
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label="ask for a mentor">
      <p className={styles.summary}>
        Any member can ask. We pair you at once with a mentor who has a free place, one who helps with your
        focus when there is one.
      </p>
      <Select
        label="help with"
        placeholder="anything"
        options={FOCUS_OPTIONS}
        value={focus}
        onChange={(e) => setFocus(e.target.value as MentorFocus | '')}
      />
      <Button type="submit" loading={ask.isPending}>
        find me a mentor
      </Button>
      {ask.error && (
        <p className={styles.error} role="alert">
          {writeErrorText(ask.error, 'We could not ask for a mentor just now. Try again in a moment.')}
        </p>
      )}
    </form>
  );
}

function MentorSide({ data }: { data: MentoringPage }) {
  return (
    <>
      {data.mentees.length > 0 && (
        <ul className={styles.list} aria-label="your mentees">
          {data.mentees.map((p) => (
            <li key={p.id}>
              <PairingCard pairing={p} />
            </li>
          ))}
        </ul>
      )}
      {data.offer && data.mentees.length === 0 && (
        <p className={styles.summary}>
          {data.offer.available
            ? 'No mentees yet. When a member asks for a mentor and you have a free place, they are paired with you.'
            : 'Your offer is paused: nobody new is paired with you.'}
        </p>
      )}
      <OfferForm offer={data.offer} />
    </>
  );
}

function OfferForm({ offer }: { offer: Offer | null }) {
  const id = useId();
  const save = useSaveOffer();
  const [intro, setIntro] = useState(offer?.intro ?? '');
  const [focuses, setFocuses] = useState<MentorFocus[]>(offer?.focuses ?? []);
  const [capacity, setCapacity] = useState(String(offer?.capacity ?? 2));
  const [available, setAvailable] = useState(offer?.available ?? true);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const toggle = (f: MentorFocus) =>
    setFocuses((list) => (list.includes(f) ? list.filter((x) => x !== f) : [...list, f]));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    if (!intro.trim()) return setProblem('Write a short intro: mentees read it first.');
    setProblem(null);
    save.mutate(
      { intro: intro.trim(), focuses, capacity: Number(capacity), available },
      { onSuccess: (sent) => setDone(sent.queued ? null : 'Saved. Your offer is up to date.') },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>{offer ? 'your offer' : 'offer to mentor'}</h3>
      {offer && (
        <p className={styles.muted}>
          {offer.mentees} of {countText(offer.capacity, 'place')} taken.
        </p>
      )}
      <label className={styles.label} htmlFor={`${id}-intro`}>
        a short intro
      </label>
      <textarea
        id={`${id}-intro`}
        className={styles.textarea}
        value={intro}
        maxLength={MAX_INTRO}
        onChange={(e) => setIntro(e.target.value)}
      />
      <fieldset className={styles.chips}>
        <legend>I can help with</legend>
        {MENTOR_FOCUSES.map((f) => (
          <ChoiceChip key={f} selected={focuses.includes(f)} onClick={() => toggle(f)}>
            {MENTOR_FOCUS_LABELS[f]}
          </ChoiceChip>
        ))}
      </fieldset>
      <Select
        label="mentees at once"
        options={Array.from({ length: MAX_MENTEES }, (_, i) => ({
          value: String(i + 1),
          label: String(i + 1),
        }))}
        value={capacity}
        onChange={(e) => setCapacity(e.target.value || '1')}
      />
      <label className={styles.check}>
        <input type="checkbox" checked={available} onChange={(e) => setAvailable(e.target.checked)} />
        take new mentees now
      </label>
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      <Button type="submit" loading={save.isPending}>
        {offer ? 'save offer' : 'offer to mentor'}
      </Button>
      {done && <p role="status">{done}</p>}
      {save.error && (
        <p className={styles.error} role="alert">
          {writeErrorText(save.error, 'We could not save your offer just now. Try again in a moment.')}
        </p>
      )}
    </form>
  );
}
