import { useId, useState, type FormEvent } from 'react';
import { MAX_STATEMENT, MAX_TEACHES, MAX_TEACHING_LINKS } from '../../domain/mentoring';
import { countText } from '../../lib/plural';
import { writeErrorText } from '../../lib/outbox/online-only';
import { BackHeader } from '../../ui/BackHeader';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { QueryBlock } from '../profile/QueryBlock';
import { FeatureGate } from '../tier-features/FeatureGate';
import {
  useApply,
  useTeaching,
  type Application,
  type PracticeRecord,
  type TeachingPage,
} from './mentoring-api';
import styles from './Mentoring.module.css';

const isHttpUrl = (s: string) => {
  try {
    return /^https?:$/.test(new URL(s).protocol);
  } catch {
    return false;
  }
};

/**
 * /teaching (tier feature teaching_certification, level 10; docs/features/mentoring-leadership-teaching.md):
 * apply to be a certified teacher and follow the application; an admin decides at /admin/review.
 */
export function TeachingScreen() {
  return (
    <section className={styles.screen} aria-label="teaching certification">
      <BackHeader to="/profile" backLabel="back to profile" title="teaching certification">
        <p className={styles.lead}>
          Tell the team what you teach. Once approved, “certified teacher” shows on your profile and in your
          circles.
        </p>
      </BackHeader>
      <section className={styles.section}>
        <FeatureGate feature="teaching_certification">
          <TeachingContent />
        </FeatureGate>
      </section>
    </section>
  );
}

function TeachingContent() {
  const page = useTeaching();
  return (
    <QueryBlock query={page} what="your application">
      {(d) => <ApplicationView data={d} />}
    </QueryBlock>
  );
}

function RecordFacts({ record }: { record: PracticeRecord }) {
  return (
    <dl className={styles.facts}>
      <dt>days practised</dt>
      <dd>{record.daysPractised}</dd>
      <dt>sessions</dt>
      <dd>{record.sessions.toLocaleString('en')}</dd>
      <dt>minutes</dt>
      <dd>{record.minutes.toLocaleString('en')}</dd>
    </dl>
  );
}

const STATUS_TEXT: Record<Application['status'], string> = {
  submitted: 'With the team. You will see their decision here.',
  approved: 'Approved: you are a certified teacher.',
  declined: 'Declined this time.',
};

function ApplicationView({ data }: { data: TeachingPage }) {
  const a = data.application;
  return (
    <>
      <article className={styles.card} aria-labelledby="record-title">
        <h2 id="record-title" className={styles.sectionTitle}>
          your practice record
        </h2>
        <p className={styles.muted}>
          The team sees this with your application, read from your practice as it is today.
        </p>
        <RecordFacts record={data.record} />
      </article>
      {a && (
        <article
          className={`${styles.card} ${a.status === 'approved' ? styles.met : ''}`}
          aria-labelledby="app-title"
        >
          <h2 id="app-title" className={styles.sectionTitle}>
            your application
          </h2>
          <p className={styles.progress}>{STATUS_TEXT[a.status]}</p>
          {a.status === 'declined' && a.reason && <p>The team’s reason: “{a.reason}”</p>}
          <p>
            <span className={styles.kicker}>teaches: </span>
            {a.teaches}
          </p>
          <p className={styles.note}>{a.statement}</p>
          {a.links.length > 0 && (
            <ul className={styles.notes} aria-label="your links">
              {a.links.map((l) => (
                <li key={l}>
                  <a className={styles.link} href={l} rel="noreferrer noopener" target="_blank">
                    {l}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </article>
      )}
      {(!a || a.status === 'declined') && <ApplyForm again={a?.status === 'declined'} />}
    </>
  );
}

function ApplyForm({ again }: { again: boolean }) {
  const id = useId();
  const apply = useApply();
  const [teaches, setTeaches] = useState('');
  const [statement, setStatement] = useState('');
  const [links, setLinks] = useState<string[]>(['', '']);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const chosen = links.map((l) => l.trim()).filter(Boolean);
    if (!teaches.trim()) return setProblem('Say what you teach.');
    if (!statement.trim()) return setProblem('Write a short statement.');
    if (chosen.some((l) => !isHttpUrl(l))) return setProblem('Links start with https:// (or http://).');
    setProblem(null);
    apply.mutate({ teaches: teaches.trim(), statement: statement.trim(), links: chosen });
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {again ? 'apply again' : 'apply'}
      </h2>
      <TextField
        label="what you teach"
        value={teaches}
        maxLength={MAX_TEACHES}
        onChange={(e) => setTeaches(e.target.value)}
      />
      <label className={styles.label} htmlFor={`${id}-statement`}>
        a short statement
      </label>
      <textarea
        id={`${id}-statement`}
        className={styles.textarea}
        value={statement}
        maxLength={MAX_STATEMENT}
        onChange={(e) => setStatement(e.target.value)}
      />
      <p className={styles.muted}>
        Optional: up to {countText(MAX_TEACHING_LINKS, 'link')} to sessions or recordings of your own.
      </p>
      {links.map((l, i) => (
        <TextField
          key={i}
          label={`link ${i + 1} (optional)`}
          type="url"
          inputMode="url"
          value={l}
          onChange={(e) => setLinks((all) => all.map((x, j) => (j === i ? e.target.value : x)))}
        />
      ))}
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      <Button type="submit" loading={apply.isPending}>
        send application
      </Button>
      {apply.error && (
        <p className={styles.error} role="alert">
          {writeErrorText(apply.error, 'We could not send your application just now. Try again in a moment.')}
        </p>
      )}
    </form>
  );
}
