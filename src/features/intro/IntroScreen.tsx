import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { WaveMark } from '../../ui/icons';
import { firstNameOf, useAuthStore } from '../auth/auth-store';
import { markOnboardingCompleteLocally } from '../onboarding/complete';
import { INTRO_DURATION_MS, isFromOnboarding, setFromIntroFlag } from './intro-flags';
import styles from './IntroScreen.module.css';

/**
 * `/intro`: the splash (logo fades in after 200 ms and grows, then home after 3 s), or, when
 * arriving from onboarding (navigation state `{ fromOnboarding: true }`), the landing with
 * 'Begin Your Journey' and 'Skip for Now'. Motion is CSS-only, so reduced motion turns it off.
 */
export function IntroScreen() {
  const { state } = useLocation();
  return isFromOnboarding(state) ? <AfterOnboarding /> : <Splash />;
}

function Splash() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setFromIntroFlag();
      navigate('/home', { replace: true });
    }, INTRO_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <section className={styles.splash} aria-labelledby="intro-title">
      <div className={styles.logo}>
        <WaveMark width={112} height={112} />
      </div>
      <h1 id="intro-title" className={styles.name}>
        Tuneful
      </h1>
      <p className={styles.tagline}>take a breath — your voice is waiting</p>
    </section>
  );
}

function AfterOnboarding() {
  const navigate = useNavigate();
  const firstName = useAuthStore((s) => firstNameOf(s.user));
  return (
    <section className={styles.after} aria-labelledby="intro-after-title">
      <div className={styles.logo}>
        <WaveMark width={96} height={96} />
      </div>
      <h1 id="intro-after-title" className={styles.afterTitle}>
        {firstName ? `You're ready, ${firstName}` : "You're ready"}
      </h1>
      <p className={styles.lead}>
        Your practice is tuned to what you told us. Start with a gentle session whenever you feel like it.
      </p>
      <div className={styles.actions}>
        <Button
          block
          onClick={() => {
            setFromIntroFlag();
            navigate('/home', { replace: true });
          }}
        >
          Begin Your Journey
        </Button>
        <Button
          block
          variant="ghost"
          onClick={() => {
            markOnboardingCompleteLocally();
            navigate('/', { replace: true });
          }}
        >
          Skip for Now
        </Button>
      </div>
    </section>
  );
}
