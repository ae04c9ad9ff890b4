import { ONBOARDING_STATUSES, type TAccountStatus } from '@cdca/contracts';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '@/config/routes.ts';
import { BetaLabel } from '../ui/beta-label.tsx';
import { Logo } from '../ui/logo.tsx';
import { LegalFooter } from './legal-footer.tsx';
import styles from './onboarding-layout.module.css';
import { onboardingStepIndex } from './onboarding-steps.ts';
import { StepIndicator } from './step-indicator.tsx';

export type OnboardingLayoutProps = {
  beta: boolean;
  email: string;
  /** Progress shows only while the account is onboarding; a de-activated account's /payment is not step 1. */
  accountStatus: TAccountStatus;
  children: ReactNode;
};

const isOnboarding = (status: TAccountStatus) => (ONBOARDING_STATUSES as readonly string[]).includes(status);

/** Full-screen onboarding: logo, progress (while onboarding), the step's content and a way out. */
export const OnboardingLayout = ({ beta, email, accountStatus, children }: OnboardingLayoutProps) => {
  const [pathname] = useLocation();
  return (
    <div className={styles.page}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <span className={styles.brand}>
          <Logo />
          <BetaLabel show={beta} />
        </span>
        <span className={styles.who}>
          <span className={styles.email}>{email}</span>
          <Link to={paths.logout} className={styles.signOut}>
            Sign out
          </Link>
        </span>
      </header>
      {isOnboarding(accountStatus) ? <StepIndicator current={onboardingStepIndex(pathname)} /> : null}
      <main id="main" className={styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        <LegalFooter />
      </footer>
    </div>
  );
};
