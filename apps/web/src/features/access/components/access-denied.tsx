import { ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Logo } from '@/components/ui/logo.tsx';
import { LogoSpinner } from '@/components/ui/logo-spinner.tsx';
import styles from './access-denied.module.css';

export type AccessDeniedProps = {
  /** False once the staging allow-list refused the e-mail; undefined while that is not settled. */
  emailWhitelisted: boolean | undefined;
  onGoToDiscord: () => void;
  onGoBack: () => void;
};

/** docs/product.md §2 access-denied screen, shown when staging refuses the e-mail. */
export const AccessDenied = ({ emailWhitelisted, onGoToDiscord, onGoBack }: AccessDeniedProps) => {
  if (emailWhitelisted !== false) return <LogoSpinner label="Checking access" />;
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <Logo />
        <span className={styles.icon} aria-hidden="true">
          <ShieldAlert size={28} />
        </span>
        <h1 className={styles.title}>ACCESS DENIED</h1>
        <p className={styles.text}>Request BETA access in our Discord server.</p>
        <div className={styles.actions}>
          <Button size="lg" onClick={onGoToDiscord}>
            GO TO DISCORD
          </Button>
          <Button size="lg" variant="secondary" onClick={onGoBack}>
            GO BACK
          </Button>
        </div>
      </div>
    </main>
  );
};
