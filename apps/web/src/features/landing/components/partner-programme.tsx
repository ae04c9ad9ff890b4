import { BadgePercent, HandCoins, Link2, UsersRound } from 'lucide-react';
import type { PlanRow } from '../lib/plan-rows.ts';
import styles from './pages.module.css';

export type PartnerProgrammeProps = { rows: readonly PlanRow[]; origin: string };

/** How the partner (referral) programme works, with the referral price from the plan table. */
export const PartnerProgramme = ({ rows, origin }: PartnerProgrammeProps) => {
  const standard = rows.find((row) => row.offer === 'Standard');
  const referral = rows.find((row) => row.offer === 'PartnerReferral');
  const steps = [
    {
      icon: UsersRound,
      title: 'Apply',
      text: 'Tell us about your audience through the support form (topic “Partner programme”) or in the chat server.',
    },
    {
      icon: Link2,
      title: 'Share your code',
      text: 'You get a referral code. Anyone who signs up through your link is linked to you for good.',
    },
    {
      icon: BadgePercent,
      title: 'They pay less, for life',
      text: `Your referrals pay ${referral?.regular.price ?? ''} instead of ${standard?.regular.price ?? ''} per cycle — ${referral?.regular.savings ?? ''} off for as long as they keep their account.`,
    },
    {
      icon: HandCoins,
      title: 'You earn payouts',
      text: 'A share of what your referrals pay, in crypto. Your rate is agreed when you join.',
    },
  ];
  return (
    <div className={styles.stack}>
      <ol className={styles.steps}>
        {steps.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className={styles.card}>
            <span className={styles.cardIcon} aria-hidden="true">
              <Icon size={20} />
            </span>
            <span className={styles.stepNumber}>STEP {index + 1}</span>
            <h2 className={styles.cardTitle}>{title}</h2>
            <p className={styles.cardText}>{text}</p>
          </li>
        ))}
      </ol>
      <div className={styles.cards}>
        <div className={styles.card}>
          <h2 className={styles.cardTitle}>Your referral link</h2>
          <p className={styles.cardText}>
            Links look like <span className={styles.code}>{origin}/?rc=YOURCODE</span>. The code is remembered
            when someone opens the link, and applied when they create their account.
          </p>
        </div>
        <div className={styles.card}>
          <h2 className={styles.cardTitle}>The partner area</h2>
          <p className={styles.cardText}>
            Once you are a partner, your account has a partner area: your referral codes, the traders you
            referred and your payouts, all in one place.
          </p>
        </div>
        <div className={styles.card}>
          <h2 className={styles.cardTitle}>Fair play</h2>
          <p className={styles.cardText}>
            No self-referrals, no paid ads on our name, no promises of returns. Partner accounts are billed on
            the partner column of the plans page.
          </p>
        </div>
      </div>
    </div>
  );
};
