import { useEffect, useState } from 'react';
import { firstNameOf, useAuthStore } from '../auth/auth-store';
import { useMemberProfile } from '../auth/useMemberProfile';
import { GREETING_PERIOD_MS, greetingFor, isNewMember } from './greetings';
import styles from './HomeScreen.module.css';

/** The rotating greeting; re-renders at the next 6-hour boundary if the screen stays open. */
export function Greeting() {
  const profile = useMemberProfile();
  const metaName = useAuthStore((s) => firstNameOf(s.user));
  const name = profile.data?.firstName?.trim() || metaName;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const untilNext = GREETING_PERIOD_MS - (now % GREETING_PERIOD_MS) + 50;
    const timer = window.setTimeout(() => setNow(Date.now()), untilNext);
    return () => window.clearTimeout(timer);
  }, [now]);
  const fresh = isNewMember(profile.data?.createdAt, now);
  return <h1 className={styles.greeting}>{greetingFor(now, name, fresh)}</h1>;
}
