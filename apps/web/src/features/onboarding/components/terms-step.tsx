import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { useAccount } from '@/lib/auth/use-account.ts';
import { useCompleteOnboardingStep } from '../api/complete-onboarding-step.ts';
import { saveBrowserTimeZone } from '../api/save-time-zone.ts';
import styles from './onboarding.module.css';
import { StepHeader } from './step-header.tsx';

const TERMS = [
  [
    'You stay in control of your funds',
    'CDCA trades through API keys you create. It cannot withdraw or transfer — keys that can are refused.',
  ],
  [
    'Trading is risky',
    'Crypto prices can fall further than your last DCA level. Past results do not predict future ones. Only trade what you can afford to hold.',
  ],
  [
    'Not financial advice',
    'CDCA is software that executes the plan you configure. Nothing in the product is investment advice.',
  ],
  [
    'Billing',
    'Free until your epics make $100; then billed every 30 days in crypto, with 5 days to pay. Unpaid accounts are paused: epics stop acting but nothing is sold.',
  ],
  [
    'Your data',
    'We store your account, settings and epic records to run the service. See the privacy policy for details.',
  ],
  ['Fair use', 'One account per person. Don’t abuse the API, the referral programme or other users.'],
];

export const TermsStep = () => {
  const [accepted, setAccepted] = useState(false);
  const complete = useCompleteOnboardingStep('tos');
  const account = useAccount();
  return (
    <div className={styles.stack}>
      <StepHeader title="Terms of service">
        The short version is below; the full text is always available.
      </StepHeader>
      <Card as="section" aria-label="Terms summary" style={{ display: 'grid', gap: 18 }}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard to scroll it */}
        <section className={styles.terms} tabIndex={0} aria-label="Terms summary text">
          {TERMS.map(([title, text]) => (
            <div key={title}>
              <h3>{title}</h3>
              <p>{text}</p>
            </div>
          ))}
          <p>
            Read the full <Link to="/terms-of-service">terms of service</Link> and{' '}
            <Link to="/privacy-policy">privacy policy</Link>.
          </p>
        </section>
        <label className={styles.check}>
          <input type="checkbox" checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />
          I agree to the terms of service and privacy policy
        </label>
        <div className={styles.footer}>
          <span className={styles.note}>Accepting activates your account.</span>
          <Button
            size="lg"
            disabled={!accepted}
            loading={complete.isPending}
            onClick={() => {
              complete.mutate({ accepted: true });
              void saveBrowserTimeZone(account.id);
            }}
          >
            Accept
          </Button>
        </div>
      </Card>
    </div>
  );
};
