import { useState } from 'react';
import { BackHeader } from '../../ui/BackHeader';
import { QueryBlock } from '../profile/QueryBlock';
import { monthCells, monthTitle, qualityBand, shiftMonth } from './calendar-grid';
import { useCalendar, type CalendarDay, type CalendarMonth } from './growth-api';
import { tierStyle } from './growth-text';
import styles from './Growth.module.css';
import { countText } from '../../lib/plural';
import { dayHeading } from '../../lib/dates';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A day's recordings in words: from the ledger, with the best score only when scores are kept. */
export function recordingText(day: CalendarDay): string {
  if (day.recordings === 0) return 'no recording this day';
  const n = countText(day.recordings, 'recording');
  return day.qualityScore === null
    ? `${n} in the tuning room (scores kept on your device)`
    : `${n} in the tuning room, best quality score ${day.qualityScore}%`;
}

/** /streak-calendar: the month of practice in the member's own days, with streaks and badges. */
export function StreakCalendarScreen() {
  // null = the server's current month in the member's zone; set once the member navigates.
  const [month, setMonth] = useState<string | null>(null);
  const cal = useCalendar(month);
  return (
    <section className={styles.screen} aria-label="streak calendar">
      <BackHeader to="/profile" backLabel="back to profile" title="streak calendar" />
      <QueryBlock query={cal} what="your calendar">
        {(c) => <CalendarBody key={c.month} c={c} onMonth={(by) => setMonth(shiftMonth(c.month, by))} />}
      </QueryBlock>
    </section>
  );
}

function CalendarBody({ c, onMonth }: { c: CalendarMonth; onMonth: (by: number) => void }) {
  const [selected, setSelected] = useState<string | null>(c.today.startsWith(c.month) ? c.today : null);
  const byDate = new Map(c.days.map((d) => [d.date, d]));
  const badgeById = new Map(c.badges.map((b) => [b.id, b]));
  const day = selected ? byDate.get(selected) : undefined;
  return (
    <>
      <div className={styles.statGrid} data-testid="streaks">
        <div className={styles.stat}>
          <span className={styles.statValue}>{c.streak.current}</span>
          <span className={styles.statLabel}>current streak (days)</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statValue}>{c.streak.longest}</span>
          <span className={styles.statLabel}>longest streak (days)</span>
        </div>
      </div>
      <div className={styles.card}>
        <div className={styles.monthNav}>
          <button
            type="button"
            className={styles.navButton}
            aria-label="previous month"
            onClick={() => onMonth(-1)}
          >
            ‹
          </button>
          <h2 aria-live="polite">{monthTitle(c.month)}</h2>
          <button
            type="button"
            className={styles.navButton}
            aria-label="next month"
            onClick={() => onMonth(1)}
          >
            ›
          </button>
        </div>
        <div className={styles.grid} role="group" aria-label={`days of ${monthTitle(c.month)}`}>
          {WEEKDAYS.map((w) => (
            <span key={w} className={styles.weekday} aria-hidden="true">
              {w}
            </span>
          ))}
          {monthCells(c.month).map((n, i) => {
            if (n === null) return <span key={`blank-${i}`} />;
            const date = `${c.month}-${String(n).padStart(2, '0')}`;
            const d = byDate.get(date);
            const band = d?.hasSession ? qualityBand(d.qualityScore) : null;
            const cls = [styles.day, band ? styles[band] : '', date === c.today ? styles.today : ''].join(
              ' ',
            );
            const what = [
              d?.hasSession ? 'practised' : null,
              d?.recordings ? 'recorded' : null,
              d?.badgesEarned.length ? 'badge earned' : null,
              date === c.today ? 'today' : null,
            ].filter(Boolean);
            return (
              <button
                key={date}
                type="button"
                className={cls}
                aria-pressed={selected === date}
                aria-label={`${n}${what.length ? `, ${what.join(', ')}` : ''}`}
                data-date={date}
                onClick={() => setSelected(date)}
              >
                {n}
                <span className={styles.dots} aria-hidden="true">
                  {d?.hasSession && <span className={`${styles.dot} ${styles.dotPractice}`} />}
                  {d?.recordings ? <span className={`${styles.dot} ${styles.dotRecording}`} /> : null}
                  {d?.badgesEarned.length ? <span className={`${styles.dot} ${styles.dotBadge}`} /> : null}
                </span>
              </button>
            );
          })}
        </div>
        <div className={styles.legend}>
          <span>
            <span className={`${styles.dot} ${styles.dotPractice}`} /> practice day
          </span>
          <span>
            <span className={`${styles.dot} ${styles.dotRecording}`} /> recording
          </span>
          <span>
            <span className={`${styles.dot} ${styles.dotBadge}`} /> badge earned
          </span>
          <span>
            <span className={styles.legendToday} /> today
          </span>
        </div>
      </div>
      {selected && (
        <div className={styles.card} data-testid="day-detail" aria-live="polite">
          <h2>{dayHeading(selected)}</h2>
          {day && (day.hasSession || day.recordings > 0) ? (
            <>
              {day.hasSession && <p>{countText(day.sessionCount, 'session')}</p>}
              <p data-testid="day-recordings">{recordingText(day)}</p>
              {day.streakRewards.map((r) => (
                <p key={r.days}>
                  {r.days}-day streak reward: +{r.bonus} tone tokens
                </p>
              ))}
              {day.emotionalState && <p>feeling {day.emotionalState}</p>}
            </>
          ) : (
            <>
              <p>No voice practice this day</p>
              <p className={styles.muted}>Every day is a new opportunity to explore your voice</p>
            </>
          )}
          {day && day.badgesEarned.length > 0 && (
            <ul className={styles.list} aria-label="badges earned">
              {day.badgesEarned.map((id) => {
                const b = badgeById.get(id);
                if (!b) return null;
                const t = tierStyle(b.tier);
                return (
                  <li key={id} style={{ borderLeft: `4px solid ${t.colour}`, paddingLeft: 8 }}>
                    <strong>{b.name}</strong> <span className={styles.tierLabel}>{t.label}</span>
                    <p className={styles.muted}>{b.description}</p>
                  </li>
                );
              })}
            </ul>
          )}
          {day && day.notes.length > 0 && (
            <ul className={styles.list} aria-label="notes">
              {day.notes.map((n, i) => (
                <li key={i} className={styles.muted}>
                  “{n}”
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className={styles.card} data-testid="recent-achievements">
        <h2>recent achievements</h2>
        {c.recentAchievements.length === 0 ? (
          <p className={styles.muted}>Your badges will show here as you earn them.</p>
        ) : (
          <ul className={styles.list}>
            {c.recentAchievements.map((b) => (
              <li
                key={b.id}
                className={styles.row}
                style={{ borderLeft: `4px solid ${tierStyle(b.tier).colour}`, paddingLeft: 8 }}
              >
                <span>{b.name}</span>
                <span className={styles.tierLabel}>{tierStyle(b.tier).label}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
