import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../ui/Button';
import { BackIcon, WaveMark } from '../../../ui/icons';
import { ProgressDots } from '../../../ui/ProgressDots';
import { firstNameOf, useAuthStore } from '../../auth/auth-store';
import { markOnboardingCompleteLocally, submitOnboarding } from '../complete';
import { stepCopy } from './step-copy';
import { StepBody } from './StepBody';
import {
  canContinue,
  canSkip,
  initialAnswers,
  nextStep,
  previousStep,
  stepSequence,
  wizardPayload,
  type StepId,
  type WizardAnswers,
} from './wizard-model';
import styles from './Wizard.module.css';

/**
 * The onboarding wizard (`/onboarding`). The last step saves the answers ('Saving...') and,
 * on success or error alike, lands on the intro's after-onboarding variant.
 */
export function WizardScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const firstName = useAuthStore((s) => firstNameOf(s.user));
  const [answers, setAnswers] = useState<WizardAnswers>(() => initialAnswers(firstName ?? ''));
  const [step, setStep] = useState<StepId>('welcome');
  const [saving, setSaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const sequence = stepSequence(answers);
  const index = sequence.indexOf(step);
  const copy = stepCopy(step, answers.name);

  useEffect(() => {
    window.scrollTo(0, 0);
    if (step !== 'welcome') heading.current?.focus();
  }, [step]);

  const set = (patch: Partial<WizardAnswers>) => setAnswers((a) => ({ ...a, ...patch }));

  async function finish() {
    setSaving(true);
    const saved = await submitOnboarding(wizardPayload(answers), queryClient);
    if (saved) markOnboardingCompleteLocally();
    navigate('/intro', { replace: true, state: { fromOnboarding: true } });
  }

  /** Continue and Skip both move on; the last step submits. */
  function advance() {
    const next = nextStep(step, answers);
    if (next) setStep(next);
    else void finish();
  }

  const back = previousStep(step, answers);
  return (
    <section className={styles.screen} aria-labelledby="wizard-title">
      <div className={styles.top}>
        {back ? (
          <button type="button" className={styles.back} onClick={() => setStep(back)} disabled={saving}>
            <BackIcon />
            <span>Back</span>
          </button>
        ) : (
          <span className={styles.backSpacer} />
        )}
        <ProgressDots count={sequence.length} current={index} />
        <span className={styles.backSpacer} />
      </div>

      {step === 'welcome' && <WaveMark width={72} height={72} className={styles.mark} />}
      <header className={styles.header}>
        <h1 id="wizard-title" ref={heading} tabIndex={-1} className={styles.title}>
          {copy.title}
        </h1>
        <p className={styles.lead}>{copy.lead}</p>
      </header>

      <div className={styles.body}>
        <StepBody
          step={step}
          answers={answers}
          set={set}
          onSubmitText={() => {
            if (canContinue(step, answers)) advance();
          }}
        />
      </div>

      <div className={styles.actions}>
        <Button block disabled={!canContinue(step, answers)} loading={saving} onClick={advance}>
          {step === 'complete' ? (saving ? 'Saving...' : 'Begin Your Journey') : 'Continue'}
        </Button>
        {canSkip(step) && (
          <button type="button" className={styles.skip} onClick={advance}>
            Skip this step
          </button>
        )}
      </div>
    </section>
  );
}
