import { isChunkLoadError } from '@/lib/chunk-load.ts';
import { Button } from './button.tsx';
import { Logo } from './logo.tsx';

/** What the trader is told about an error a screen could not recover from. */
export const errorDetail = (error: unknown): string | undefined =>
  isChunkLoadError(error)
    ? 'A newer version of CDCA was released, or the connection dropped while loading. Reload to get it.'
    : error instanceof Error
      ? error.message
      : undefined;

/** docs/product.md §8: 'Unexpected Application Error!' with a way out (both bundles; no router needed). */
export const ErrorScreen = ({ detail }: { detail?: string | undefined }) => (
  <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', padding: 24 }}>
    <div style={{ display: 'grid', gap: 16, justifyItems: 'center', textAlign: 'center', maxWidth: 480 }}>
      <Logo />
      <h1 style={{ fontSize: 24 }}>Unexpected Application Error!</h1>
      {detail ? <p style={{ color: 'var(--muted)' }}>{detail}</p> : null}
      <div style={{ display: 'flex', gap: 12 }}>
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="secondary" onClick={() => window.location.assign('/')}>
          Go home
        </Button>
      </div>
    </div>
  </main>
);
