import { useId, useState, type FormEvent } from 'react';
import { MAX_NOTE, MENTOR_FOCUS_LABELS } from '../../domain/mentoring';
import { countText } from '../../lib/plural';
import { writeErrorText } from '../../lib/outbox/online-only';
import { Button } from '../../ui/Button';
import { useEndPairing, useSendNote, type Pairing } from './mentoring-api';
import styles from './Mentoring.module.css';

const streakText = (n: number) => (n > 0 ? `${countText(n, 'day')} in a row` : 'no streak right now');

/**
 * One mentoring pairing seen from either side: the partner's first name, level and current
 * streak (from their practice ledger), the notes, a note form and ending it. Notes and the end
 * wait in the outbox offline.
 */
export function PairingCard({ pairing }: { pairing: Pairing }) {
  const id = useId();
  const send = useSendNote();
  const end = useEndPairing();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { partner } = pairing;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body) return setProblem('Write a few words first.');
    if (body.length > MAX_NOTE) return setProblem(`A note is at most ${MAX_NOTE} characters.`);
    setProblem(null);
    send.mutate({ pairingId: pairing.id, body }, { onSuccess: () => setText('') });
  };

  const err = send.error ?? end.error;
  return (
    <article className={styles.card} aria-labelledby={`${id}-name`}>
      <p className={styles.kicker}>{pairing.role === 'mentee' ? 'your mentor' : 'your mentee'}</p>
      <h3 id={`${id}-name`}>{partner.firstName}</h3>
      <dl className={styles.facts}>
        <dt>level</dt>
        <dd>{partner.level}</dd>
        <dt>streak</dt>
        <dd>{streakText(partner.currentStreak)}</dd>
        {pairing.focus && (
          <>
            <dt>focus</dt>
            <dd>{MENTOR_FOCUS_LABELS[pairing.focus]}</dd>
          </>
        )}
      </dl>
      {partner.intro && <p>“{partner.intro}”</p>}
      {pairing.notes.length === 0 ? (
        <p className={styles.muted}>No notes yet. A few words of encouragement go a long way.</p>
      ) : (
        <ul className={styles.notes} aria-label={`notes with ${partner.firstName}`}>
          {pairing.notes.map((n) => (
            <li key={n.id} className={`${styles.note} ${n.mine ? styles.mine : ''}`}>
              <span className={styles.kicker}>{n.mine ? 'you' : partner.firstName}: </span>
              {n.body}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className={styles.notes} noValidate>
        <label className={styles.label} htmlFor={`${id}-note`}>
          a note to {partner.firstName}
        </label>
        <textarea
          id={`${id}-note`}
          className={styles.textarea}
          value={text}
          maxLength={MAX_NOTE}
          aria-describedby={`${id}-count`}
          onChange={(e) => setText(e.target.value)}
        />
        <span id={`${id}-count`} className={styles.muted}>
          {text.length} of {MAX_NOTE} characters
        </span>
        {problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" loading={send.isPending}>
            send note
          </Button>
          {confirming ? (
            <>
              <Button
                type="button"
                variant="secondary"
                loading={end.isPending}
                onClick={() => end.mutate(pairing.id)}
              >
                yes, end it
              </Button>
              <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
                keep it
              </Button>
            </>
          ) : (
            <Button type="button" variant="ghost" onClick={() => setConfirming(true)}>
              end pairing
            </Button>
          )}
        </div>
        {confirming && (
          <p className={styles.muted} role="status">
            Ending it removes your notes for both of you. {partner.firstName} is not told why.
          </p>
        )}
        {err && (
          <p className={styles.error} role="alert">
            {writeErrorText(err, 'That did not go through. Try again in a moment.')}
          </p>
        )}
      </form>
    </article>
  );
}
