import { Gauge, Rocket, Sprout } from 'lucide-react';
import { EpicChart } from '@/components/illustrations/epic-chart.tsx';
import { IconCardGrid } from './icon-card-grid.tsx';
import styles from './pages.module.css';

const LEVELS = [
  {
    icon: Sprout,
    title: 'Beginner',
    text: 'New to DCA bots. CDCA starts you on safe defaults and explains every setting as you create an epic.',
  },
  {
    icon: Gauge,
    title: 'Intermediate',
    text: 'You know DCA and spreads. You get sensible presets for levels and spreads to tune to each coin.',
  },
  {
    icon: Rocket,
    title: 'Expert',
    text: 'Every control: scaling (quadratic, Fibonacci, exponential), load (front, back, hedge), direction and stops.',
  },
];

const LIFE_OF_AN_EPIC = [
  {
    focus: 'levels',
    title: 'Split over DCA levels',
    text: 'Your budget is spread over levels below the start price.',
  },
  {
    focus: 'buys',
    title: 'Buys as the price drops',
    text: 'Each level that fills lowers your average buy price.',
  },
  {
    focus: 'take-profit',
    title: 'Take-profit above average',
    text: 'One sell order waits at average + sell spread.',
  },
  {
    focus: 'closed',
    title: 'Closes by itself',
    text: 'When the sell fills, the epic moves to your history.',
  },
] as const;

/** The public explainer behind onboarding's skill question: what each level changes, and how an epic lives. */
export const SkillLevels = () => (
  <div className={styles.stack}>
    <IconCardGrid cards={LEVELS} />
    <h2 className={styles.h2}>How an epic works, whatever your level</h2>
    <ol className={styles.explainer}>
      {LIFE_OF_AN_EPIC.map((step, index) => (
        <li key={step.focus}>
          <EpicChart focus={step.focus} title={step.title} />
          <span className={styles.stepNumber}>STEP {index + 1}</span>
          <h3 className={styles.cardTitle}>{step.title}</h3>
          <p className={styles.cardText}>{step.text}</p>
        </li>
      ))}
    </ol>
    <p className={styles.muted}>
      You choose your level during sign-up, and can change it any time in your settings.
    </p>
  </div>
);
