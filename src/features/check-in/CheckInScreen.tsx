import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { CHECK_IN_DAYS, checkInSuggestion } from '../../domain/check-in';
import { BackHeader } from '../../ui/BackHeader';
import { useSavedBlock } from '../offline/saved-data/use-saved-block';
import { useBackTo } from '../tier-features/back-to';
import { FeatureGate } from '../tier-features/FeatureGate';
import { useCheckIns, useSaveCheckIn, useTodaysCheckIn } from './check-in-api';
import { answersLine, hoarseDaysOf, stripDays } from './check-in-text';
import { CheckInForm } from './CheckInForm';
import { CheckInStrip } from './CheckInStrip';
import { SuggestionCard } from './SuggestionCard';
import styles from './CheckIn.module.css';

/** /check-in: the daily check-in (tier feature daily_check_in, level 1). */
export function CheckInScreen() {
  const back = useBackTo('/home');
  return (
    <section className={styles.screen} aria-labelledby="check-in-title">
      <BackHeader to={back.to} backLabel={back.label} title="daily check-in">
        <p className={styles.subtitle}>A few taps on how your voice and you feel today.</p>
      </BackHeader>
      <FeatureGate feature="daily_check_in">
        <CheckInBody />
      </FeatureGate>
    </section>
  );
}

function CheckInBody() {
  const query = useCheckIns();
  const block = useSavedBlock(query, 'your check-ins');
  const todays = useTodaysCheckIn(block.data);
  if (block.data === undefined) return block.fallback;
  const { today } = block.data;
  // Today's answer may still wait in the outbox: the strip and the doctor's words count it too.
  const days = stripDays(block.data.checkIns, today, CHECK_IN_DAYS).map((d) =>
    d.date === today && todays.checkIn ? { ...d, voice: todays.checkIn.voice } : d,
  );
  return (
    <>
      {block.note}
      <Today today={today} todays={todays} hoarseDays={hoarseDaysOf(days)} />
      <CheckInStrip days={days} />
      <p className={styles.footnote}>
        The check-in is about today, not practice: it earns no tone tokens and leaves your streak as it is.
        For a fuller mood log, with stress and anxiety, see <Link to="/wellness">wellness</Link>.
      </p>
    </>
  );
}

function Today({
  today,
  todays: { checkIn, waiting },
  hoarseDays,
}: {
  today: string;
  todays: ReturnType<typeof useTodaysCheckIn>;
  hoarseDays: number;
}) {
  const save = useSaveCheckIn();
  const [editing, setEditing] = useState(false);
  // After saving, focus moves to today's answers (the form they replace is gone).
  const [justSaved, setJustSaved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = checkIn !== null && !editing;
  useEffect(() => {
    if (justSaved && shown) {
      heading.current?.focus();
      setJustSaved(false);
    }
  }, [justSaved, shown]);
  if (!checkIn || editing)
    return (
      <CheckInForm
        key={checkIn?.checkedAt ?? 'new'}
        initial={checkIn}
        saving={save.isPending}
        error={save.error}
        onSave={(answers) =>
          save.mutate(answers, {
            onSuccess: () => {
              setEditing(false);
              setJustSaved(true);
            },
          })
        }
        onCancel={checkIn ? () => setEditing(false) : undefined}
      />
    );
  return (
    <>
      <section className={styles.card} aria-labelledby="today-title" data-testid="todays-check-in">
        <h2 id="today-title" className={styles.cardTitle} ref={heading} tabIndex={-1}>
          today
        </h2>
        <p className={styles.answers}>{answersLine(checkIn)}</p>
        {checkIn.note && <p className={styles.noteText}>“{checkIn.note}”</p>}
        {waiting && (
          <p className={styles.waiting} data-testid="check-in-waiting">
            Saved on this device. It will sync when you're back online.
          </p>
        )}
        <button type="button" className={styles.change} onClick={() => setEditing(true)}>
          change today's answers
        </button>
      </section>
      <SuggestionCard suggestion={checkInSuggestion(checkIn, hoarseDays)} today={today} />
    </>
  );
}
