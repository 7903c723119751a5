import { useState } from 'react';
import { BackHeader } from '../../ui/BackHeader';
import { StateMessage } from '../../ui/StateMessage';
import { QueryBlock } from '../profile/QueryBlock';
import { useBadges, useMyAchievements, type Badge, type BadgeCategory } from './growth-api';
import { badgeProgressPercent, CATEGORY_TABS, formatDay, tierStyle } from './growth-text';
import { Tabs } from './Tabs';
import styles from './Growth.module.css';
import { countText } from '../../lib/plural';

/** /achievements: the catalogue with the member's unlocked badges (a record exists) and locked ones dimmed. */
export function AchievementsScreen() {
  const [tab, setTab] = useState<'all' | BadgeCategory>('all');
  const badges = useBadges();
  const mine = useMyAchievements();
  return (
    <section className={styles.screen} aria-label="achievements">
      <BackHeader to="/profile" backLabel="back to profile" title="achievements" />
      <QueryBlock query={mine} what="your badges">
        {(records) => (
          <QueryBlock query={badges} what="the badges">
            {(all) => {
              const unlocked = new Map(records.map((r) => [r.badgeId, r.unlockedAt]));
              const count = all.filter((b) => unlocked.has(b.id)).length;
              const percent = badgeProgressPercent(count, all.length);
              const shown = tab === 'all' ? all : all.filter((b) => b.category === tab);
              return (
                <>
                  <div className={styles.card} data-testid="badge-progress">
                    <h2>
                      {count} of {countText(all.length, 'badge')}
                    </h2>
                    <div
                      className={styles.bar}
                      role="progressbar"
                      aria-label="badge progress"
                      aria-valuenow={percent}
                      aria-valuemin={0}
                      aria-valuemax={100}
                    >
                      <div className={styles.barFill} style={{ width: `${percent}%` }} />
                    </div>
                    <p className={styles.muted}>{percent}% unlocked</p>
                  </div>
                  <Tabs
                    label="badge categories"
                    tabs={CATEGORY_TABS}
                    current={tab}
                    onChange={setTab}
                    idPrefix="badges"
                  >
                    {shown.length === 0 ? (
                      <StateMessage kind="empty" title="no badges found in this category" />
                    ) : (
                      <ul className={styles.badgeGrid}>
                        {shown.map((b) => (
                          <BadgeCard key={b.id} badge={b} unlockedAt={unlocked.get(b.id)} />
                        ))}
                      </ul>
                    )}
                  </Tabs>
                </>
              );
            }}
          </QueryBlock>
        )}
      </QueryBlock>
    </section>
  );
}

function BadgeCard({ badge, unlockedAt }: { badge: Badge; unlockedAt: string | undefined }) {
  const tier = tierStyle(badge.tier);
  return (
    <li
      className={`${styles.badge} ${unlockedAt ? '' : styles.locked}`}
      style={{ ['--tier-colour' as string]: tier.colour }}
      data-testid={`badge-${badge.id}`}
      data-unlocked={unlockedAt ? 'true' : 'false'}
    >
      <span className={styles.tierLabel}>
        {badge.tier} · {tier.label}
      </span>
      <h3>{badge.name}</h3>
      <p className={styles.muted}>{badge.description}</p>
      {unlockedAt ? (
        <p className={styles.muted}>unlocked {formatDay(unlockedAt)}</p>
      ) : (
        <p className={styles.muted}>
          {/* Said in words, not only by the dimmed look (issue 20). */}
          <span className={styles.lockWord}>locked</span> · {badge.unlocks}
        </p>
      )}
    </li>
  );
}
