import { Link, useLocation } from 'react-router-dom';
import { firstNameOf, useAuthStore } from '../features/auth/auth-store';
import { selectPlayerOpen, usePlayerStore } from '../features/player/player-store';
import { CompassIcon, HomeIcon, PeopleIcon, PersonIcon } from '../ui/icons';
import { activeTab, isTabBarVisible, profileTabLabel, TAB_PATHS, type TabId } from './tab-bar-rules';
import styles from './TabBar.module.css';

const ICONS: Record<TabId, typeof HomeIcon> = {
  home: HomeIcon,
  discover: CompassIcon,
  community: PeopleIcon,
  profile: PersonIcon,
};

/**
 * Fixed bottom navigation. While a session player opens, the bar fades to invisible over
 * 300 ms (CSS transition on opacity, then visibility so it leaves the tab order).
 * Plain Links, not NavLinks: the active tab follows the spec's table (home is active on
 * /tuning-room, profile on /achievements), which NavLink's own aria-current would override.
 */
export function TabBar() {
  const { pathname } = useLocation();
  const playerOpen = usePlayerStore(selectPlayerOpen);
  const firstName = useAuthStore((s) => firstNameOf(s.user));
  if (!isTabBarVisible(pathname, false)) return null;
  const active = activeTab(pathname);
  const labels: Record<TabId, string> = {
    home: 'Home',
    discover: 'Discover',
    community: 'Community',
    profile: profileTabLabel(firstName),
  };
  return (
    <nav
      className={`${styles.bar} ${playerOpen ? styles.faded : ''}`}
      aria-label="Main"
      aria-hidden={playerOpen || undefined}
      data-testid="tab-bar"
    >
      {(Object.keys(TAB_PATHS) as TabId[]).map((tab) => {
        const Icon = ICONS[tab];
        const isActive = tab === active;
        return (
          <Link
            key={tab}
            to={TAB_PATHS[tab]}
            className={`${styles.tab} ${isActive ? styles.active : ''}`}
            aria-current={isActive ? 'page' : undefined}
            data-tab={tab}
            tabIndex={playerOpen ? -1 : undefined}
          >
            <Icon />
            <span className={styles.label}>{labels[tab]}</span>
          </Link>
        );
      })}
    </nav>
  );
}
