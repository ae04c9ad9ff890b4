import {
  Activity,
  BadgeCheck,
  GraduationCap,
  KeyRound,
  Landmark,
  MessagesSquare,
  Rocket,
  Share2,
} from 'lucide-react';
import shared from './landing.module.css';
import styles from './strategy.module.css';

/** docs/product.md §1: the strategy walkthrough, in its 8 steps and their order. */
const STEPS = [
  {
    icon: Landmark,
    title: 'Exchange account',
    text: 'Open and verify a Coinbase Advanced Trade account. Your money stays there the whole time.',
  },
  {
    icon: MessagesSquare,
    title: 'Community chat server',
    text: 'Join our Discord: beta access is granted there, and traders share setups and help each other.',
  },
  {
    icon: KeyRound,
    title: 'Connect API keys',
    text: 'Create a key with View and Trade only. Keys that can transfer funds are refused on the spot.',
  },
  {
    icon: Rocket,
    title: 'Create your first epic',
    text: 'Pick a coin from the top movers or search, set budget, levels, spreads and load — then Create Epic.',
  },
  {
    icon: Activity,
    title: 'Monitor',
    text: 'Watch every level fill live on the dashboard or on the epic’s breakdown page.',
  },
  {
    icon: BadgeCheck,
    title: 'Closing',
    text: 'When the take-profit sell fills, the epic closes by itself and moves to your history.',
  },
  {
    icon: Share2,
    title: 'View and share stats',
    text: 'Generate a stats report of your results and share it with the community.',
  },
  {
    icon: GraduationCap,
    title: 'Tutorials',
    text: 'Sharpen your strategy in the academy: scaling, load types, spreads and stops.',
  },
];

export const StrategySection = () => (
  <section id="strategy" tabIndex={-1} className={shared.section} aria-labelledby="strategy-title">
    <div className={shared.head}>
      <span className={shared.eyebrow}>Strategy</span>
      <h2 id="strategy-title" className={shared.h2}>
        From sign-up to your first closed epic <em>in 8 steps</em>
      </h2>
      <p className={shared.lead}>
        Dollar-cost averaging with a plan: spread your buys over levels, lower your average as the price dips,
        and let one take-profit order close the position.
      </p>
    </div>
    <ol className={styles.steps}>
      {STEPS.map(({ icon: Icon, title, text }, index) => (
        <li key={title} className={styles.step}>
          <span className={styles.stepTop}>
            <span className={styles.icon} aria-hidden="true">
              <Icon size={20} />
            </span>
            <span className={styles.number} aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
          </span>
          <h3 className={styles.title}>
            <span className="visually-hidden">Step {index + 1}: </span>
            {title}
          </h3>
          <p className={styles.text}>{text}</p>
        </li>
      ))}
    </ol>
  </section>
);
