import type { TSkillLevel } from '@cdca/contracts';
import { Gauge, Rocket, Sprout } from 'lucide-react';
import styles from './skill-level-picker.module.css';

export type SkillLevelPickerProps = {
  value: TSkillLevel | null;
  onChange: (level: TSkillLevel) => void;
  legend?: string;
};

const OPTIONS: { value: TSkillLevel; title: string; text: string; icon: typeof Sprout }[] = [
  {
    value: 'beginner',
    title: 'Beginner',
    text: 'New to DCA bots. Show me safe defaults and explain each setting.',
    icon: Sprout,
  },
  {
    value: 'intermediate',
    title: 'Intermediate',
    text: 'I know DCA and spreads. Give me sensible presets to tune.',
    icon: Gauge,
  },
  {
    value: 'expert',
    title: 'Expert',
    text: 'I want every control: scaling, load, direction and stops.',
    icon: Rocket,
  },
];

/** Three selectable cards as a radio group (arrow keys move between them). */
export const SkillLevelPicker = ({
  value,
  onChange,
  legend = 'Your trading experience',
}: SkillLevelPickerProps) => (
  <fieldset className={styles.group}>
    <legend className={styles.legend}>{legend}</legend>
    <div className={styles.cards}>
      {OPTIONS.map(({ value: option, title, text, icon: Icon }) => (
        <label
          key={option}
          className={[styles.card, value === option ? styles.selected : ''].filter(Boolean).join(' ')}
        >
          <input
            type="radio"
            name="skill-level"
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            className={styles.input}
          />
          <span className={styles.icon} aria-hidden="true">
            <Icon size={20} />
          </span>
          <span className={styles.title}>{title}</span>
          <span className={styles.text}>{text}</span>
        </label>
      ))}
    </div>
  </fieldset>
);
