import styles from './CheckIn.module.css';

/**
 * One question as a row of chips: native radio buttons under a fieldset and legend, so arrow
 * keys move between the answers and a screen reader hears the question and "1 of 5, selected".
 */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  options,
  labels,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T | null;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.options}>
        {options.map((o) => (
          <label key={o} className={styles.option}>
            <input
              type="radio"
              name={name}
              value={o}
              checked={value === o}
              onChange={() => onChange(o)}
              className={styles.radio}
            />
            <span className={styles.chip}>{labels[o]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
