import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { WaveMark } from '../../ui/icons';
import {
  markOnboardingCompleteLocally,
  saveQuestionnaireLocally,
  skipOnboardingOnServer,
  submitOnboarding,
} from './complete';
import { QuestionStep } from './QuestionStep';
import {
  QUESTIONS,
  buildQuestionnairePayload,
  canAdvance,
  type Answers,
  type OtherTexts,
} from './questionnaire';
import styles from './OnboardingStory.module.css';

/**
 * The simple onboarding questionnaire (`/onboarding-story`): a welcome page, then four
 * question steps. Finishing stores the answers locally, saves them to the member's account
 * when signed in, and goes to '/' (which sends a signed-in member on to the intro).
 */
export function OnboardingStoryScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(-1); // -1 is the welcome page
  const [answers, setAnswers] = useState<Answers>({});
  const [otherTexts, setOtherTexts] = useState<OtherTexts>({});
  const [saving, setSaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // Spec: each step scrolls to the top on entry; focus follows for keyboard and screen readers.
    window.scrollTo(0, 0);
    if (step >= 0) heading.current?.focus();
  }, [step]);

  async function skipAll() {
    markOnboardingCompleteLocally();
    setSaving(true);
    await skipOnboardingOnServer(queryClient);
    navigate('/');
  }

  async function finish() {
    const payload = buildQuestionnairePayload(answers, otherTexts);
    markOnboardingCompleteLocally();
    saveQuestionnaireLocally(payload);
    setSaving(true);
    await submitOnboarding(payload, queryClient);
    navigate('/');
  }

  /** Next, Complete and 'Skip this step' all run this (spec: skip advances without an answer). */
  function advance() {
    if (step < QUESTIONS.length - 1) setStep(step + 1);
    else void finish();
  }

  if (step < 0) {
    return (
      <section className={styles.welcome} aria-labelledby="story-welcome">
        <WaveMark width={72} height={72} />
        <p className={styles.kicker}>welcome to</p>
        <h1 id="story-welcome" className={styles.brand}>
          Tuneful
        </h1>
        <p className={styles.lead}>let&apos;s create a personalized voice journey just for you</p>
        <div className={styles.welcomeActions}>
          <Button block onClick={() => setStep(0)}>
            Let&apos;s Begin
          </Button>
          <Button block variant="ghost" loading={saving} onClick={() => void skipAll()}>
            Skip for Now
          </Button>
        </div>
      </section>
    );
  }

  const question = QUESTIONS[step]!;
  const selected = answers[question.id] ?? [];
  const last = step === QUESTIONS.length - 1;
  return (
    <section className={styles.screen} aria-labelledby="story-question">
      <QuestionStep
        index={step}
        question={question}
        selected={selected}
        otherText={otherTexts[`${question.id}_other`] ?? ''}
        headingRef={heading}
        onSelect={(next) => setAnswers({ ...answers, [question.id]: next })}
        onOtherText={(text) => setOtherTexts({ ...otherTexts, [`${question.id}_other`]: text })}
      />
      <div className={styles.nav}>
        <Button variant="secondary" disabled={step === 0 || saving} onClick={() => setStep(step - 1)}>
          Back
        </Button>
        <Button disabled={!canAdvance(selected)} loading={saving} onClick={advance}>
          {last ? 'Complete' : 'Next'}
        </Button>
      </div>
      <button type="button" className={styles.skip} onClick={advance} disabled={saving}>
        {last ? 'Skip for now' : 'Skip this step'}
      </button>
    </section>
  );
}
