import { useId, type SelectHTMLAttributes } from 'react';
import styles from './TextField.module.css';
import own from './Select.module.css';

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: { value: string; label: string }[];
  /** Text of the empty first choice. */
  placeholder?: string;
}

/** A labelled native select: the platform's own picker is the most usable one on phones. */
export function Select({ label, options, placeholder = 'Choose…', id, ...rest }: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={styles.field}>
      <label htmlFor={selectId} className={styles.label}>
        {label}
      </label>
      <select id={selectId} className={`${styles.input} ${own.select}`} {...rest}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
