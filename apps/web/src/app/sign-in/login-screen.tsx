import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Logo } from '@/components/ui/logo.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import styles from './login.module.css';

export type LoginScreenProps =
  | { state: 'leaving' | 'returning' }
  | { state: 'failed'; message: string; onRetry: () => void; home: ReactNode };

/**
 * What /login shows (docs/product.md §2): on the way to the identity provider, on the way back from it, or why
 * sign-in failed. Drawn by the light sign-in page (app/sign-in/app.tsx) and by the account app's /login route.
 */
export const LoginScreen = (props: LoginScreenProps) => {
  if (props.state === 'failed') {
    return (
      <main className={styles.page}>
        <div className={styles.card}>
          <Logo />
          <h1 className={styles.title}>Login failed</h1>
          <p className={styles.text}>{props.message}</p>
          <div className={styles.actions}>
            <Button onClick={props.onRetry}>Sign in</Button>
            {props.home}
          </div>
        </div>
      </main>
    );
  }
  return (
    <main className={styles.page}>
      <div className={styles.card} role="status" aria-live="polite">
        <Logo />
        <h1 className={styles.title}>
          {props.state === 'returning' ? 'Signing you in' : 'Taking you to sign in'}
        </h1>
        <p className={styles.text}>One moment…</p>
        <Skeleton height={6} radius={999} />
      </div>
    </main>
  );
};
