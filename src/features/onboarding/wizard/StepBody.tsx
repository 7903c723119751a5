import { Select } from '../../../ui/Select';
import { Slider } from '../../../ui/Slider';
import { TextField } from '../../../ui/TextField';
import { CompleteSummary } from './CompleteSummary';
import { MicrophoneStep } from './MicrophoneStep';
import { MultiChoice } from './MultiChoice';
import {
  AGE_RANGE_OPTIONS,
  FEELING_OPTIONS,
  GOAL_OPTIONS,
  PRACTICE_TIME_OPTIONS,
  PRONOUN_OPTIONS,
  STRESS_OPTIONS,
} from './options';
import type { StepId, WizardAnswers } from './wizard-model';
import styles from './Wizard.module.css';

interface Props {
  step: StepId;
  answers: WizardAnswers;
  set: (patch: Partial<WizardAnswers>) => void;
  /** Enter in a one-line text step continues, when the step has an answer. */
  onSubmitText: () => void;
}

/** The inputs of one wizard step. */
export function StepBody({ step, answers: a, set, onSubmitText }: Props) {
  const enter = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onSubmitText();
    }
  };
  switch (step) {
    case 'welcome':
      return null;
    case 'philosophy':
      return (
        <TextField
          label="Your name"
          autoComplete="given-name"
          value={a.name}
          maxLength={200}
          onChange={(e) => set({ name: e.target.value })}
          onKeyDown={enter}
        />
      );
    case 'about_you':
      return (
        <div className={styles.stack}>
          <Select
            label="Pronouns"
            options={PRONOUN_OPTIONS}
            value={a.pronouns}
            onChange={(e) => set({ pronouns: e.target.value })}
          />
          {a.pronouns === 'other' && (
            <TextField
              label="Your pronouns"
              placeholder="Tell us more..."
              value={a.pronounsOther}
              maxLength={200}
              onChange={(e) => set({ pronounsOther: e.target.value })}
            />
          )}
          <Select
            label="Age range"
            options={AGE_RANGE_OPTIONS}
            value={a.ageRange}
            onChange={(e) => set({ ageRange: e.target.value })}
          />
        </div>
      );
    case 'comfort':
      return (
        <Slider
          label="Voice comfort"
          min={1}
          max={10}
          value={a.voiceComfortLevel}
          onChange={(v) => set({ voiceComfortLevel: v })}
          minLabel="not at all"
          maxLabel="completely"
        />
      );
    case 'intention':
      return (
        <MultiChoice
          legend="Primary goal"
          options={GOAL_OPTIONS}
          selected={a.primaryGoal}
          onChange={(v) => set({ primaryGoal: v })}
          otherValue="something_else"
          otherText={a.primaryGoalOther}
          onOtherText={(t) => set({ primaryGoalOther: t })}
        />
      );
    case 'stress_followup':
      return (
        <MultiChoice
          legend="Sources of stress"
          options={STRESS_OPTIONS}
          selected={a.stressType}
          onChange={(v) => set({ stressType: v })}
          otherValue="other"
          otherText={a.stressTypeOther}
          onOtherText={(t) => set({ stressTypeOther: t })}
        />
      );
    case 'feeling':
      return (
        <MultiChoice
          legend="Desired feeling"
          options={FEELING_OPTIONS}
          selected={a.desiredFeeling}
          onChange={(v) => set({ desiredFeeling: v })}
          otherValue="other"
          otherText={a.desiredFeelingOther}
          onOtherText={(t) => set({ desiredFeelingOther: t })}
        />
      );
    case 'word':
      return (
        <TextField
          label="Your word"
          value={a.embodimentWord}
          maxLength={60}
          onChange={(e) => set({ embodimentWord: e.target.value })}
          onKeyDown={enter}
        />
      );
    case 'practice_timing':
      return (
        <MultiChoice
          legend="Practice times"
          options={PRACTICE_TIME_OPTIONS}
          selected={a.practiceTime}
          onChange={(v) => set({ practiceTime: v })}
          columns={1}
        />
      );
    case 'microphone':
      return <MicrophoneStep enabled={a.microphoneEnabled} onChange={(v) => set({ microphoneEnabled: v })} />;
    case 'complete':
      return <CompleteSummary answers={a} />;
  }
}
