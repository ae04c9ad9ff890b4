import { Button } from '@/components/ui/button.tsx';
import { Logo } from '@/components/ui/logo.tsx';

export type SessionErrorProps = { message: string; onRetry: () => void };

/** The account could not be loaded after sign-in (server down, network lost). */
export const SessionError = ({ message, onRetry }: SessionErrorProps) => (
  <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', padding: 24 }}>
    <div style={{ display: 'grid', gap: 16, justifyItems: 'center', textAlign: 'center', maxWidth: 440 }}>
      <Logo />
      <h1 style={{ fontSize: 22 }}>We couldn't load your account</h1>
      <p style={{ color: 'var(--muted)' }}>{message}</p>
      <div style={{ display: 'flex', gap: 12 }}>
        <Button onClick={onRetry}>Try again</Button>
        <Button variant="secondary" onClick={() => window.location.assign('/logout')}>
          Sign out
        </Button>
      </div>
    </div>
  </main>
);
