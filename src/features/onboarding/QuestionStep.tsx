import type { Ref } from 'react';
import { ChoiceChip } from '../../ui/ChoiceChip';
import { ProgressBar } from '../../ui/ProgressBar';
import { OTHER, isOptionDisabled, progressOf, toggleOption, type Question } from './questionnaire';
import styles from './OnboardingStory.module.css';

interface Props {
  index: number;
  question: Question;
  selected: string[];
  otherText: string;
  headingRef: Ref<HTMLHeadingElement>;
  onSelect: (selected: string[]) => void;
  onOtherText: (text: string) => void;
}

/** One question: counter, progress bar, title, the options and, with 'Other', a text box. */
export function QuestionStep({
  index,
  question,
  selected,
  otherText,
  headingRef,
  onSelect,
  onOtherText,
}: Props) {
  const progress = progressOf(index);
  return (
    <>
      <div className={styles.progress}>
        <span className={styles.counter}>{progress.label}</span>
        <ProgressBar percent={progress.percent} label="Questionnaire progress" />
      </div>
      <header className={styles.header}>
        <h1 id="story-question" ref={headingRef} tabIndex={-1} className={styles.title}>
          {question.title}
        </h1>
        {question.subtitle && <p className={styles.subtitle}>{question.subtitle}</p>}
      </header>
      <div className={styles.options} role="group" aria-labelledby="story-question">
        {question.options.map((option) => (
          <ChoiceChip
            key={option}
            selected={selected.includes(option)}
            disabled={isOptionDisabled(question, selected, option)}
            onClick={() => onSelect(toggleOption(question, selected, option))}
          >
            {option}
          </ChoiceChip>
        ))}
      </div>
      {selected.includes(OTHER) && (
        <label className={styles.other}>
          <span className="visually-hidden">Tell us more about your other answer</span>
          <textarea
            rows={3}
            placeholder="Tell us more..."
            value={otherText}
            onChange={(e) => onOtherText(e.target.value)}
          />
        </label>
      )}
    </>
  );
}
