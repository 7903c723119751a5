import { ChoiceChip } from '../../../ui/ChoiceChip';
import { TextField } from '../../../ui/TextField';
import type { Option } from './options';
import { toggle } from './wizard-model';
import styles from './Wizard.module.css';

interface Props {
  legend: string;
  options: Option[];
  selected: string[];
  onChange: (selected: string[]) => void;
  /** The value whose choice reveals a free-text box ('other', 'something_else'). */
  otherValue?: string;
  otherText?: string;
  onOtherText?: (text: string) => void;
  /** One column suits long labels (the practice times carry their hours). */
  columns?: 1 | 2;
}

/** A multiselect of chips; choosing the 'other' value shows a text box for it. */
export function MultiChoice({
  legend,
  options,
  selected,
  onChange,
  otherValue,
  otherText,
  onOtherText,
  columns = 2,
}: Props) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className="visually-hidden">{legend}</legend>
      <div className={`${styles.choices} ${columns === 1 ? styles.oneColumn : ''}`}>
        {options.map((o) => (
          <ChoiceChip
            key={o.value}
            selected={selected.includes(o.value)}
            onClick={() => onChange(toggle(selected, o.value))}
          >
            {o.label}
          </ChoiceChip>
        ))}
      </div>
      {otherValue && selected.includes(otherValue) && onOtherText && (
        <TextField
          label="Tell us in your own words"
          placeholder="Tell us more..."
          value={otherText ?? ''}
          maxLength={200}
          onChange={(e) => onOtherText(e.target.value)}
        />
      )}
    </fieldset>
  );
}
