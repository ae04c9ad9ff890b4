import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Logo } from '@/components/ui/logo.tsx';
import { logger } from '@/lib/logger.ts';

const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'ChunkLoadError' ||
    /Loading chunk|dynamically imported module|Importing a module script/i.test(error.message));

/** docs/product.md §8: routing errors show 'Unexpected Application Error!'. */
export const RouteError = () => {
  const error = useRouteError();
  logger.error('route error', { error: error instanceof Error ? error.message : String(error) });
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : isChunkLoadError(error)
      ? 'A newer version of CDCA was released. Reload to get it.'
      : error instanceof Error
        ? error.message
        : undefined;

  return (
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
};
