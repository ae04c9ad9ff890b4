import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen, errorDetail } from '@/components/ui/error-screen.tsx';
import { logger } from '@/lib/logger.ts';

/** docs/product.md §8: routing errors show 'Unexpected Application Error!'. */
export const RouteError = () => {
  const error = useRouteError();
  logger.error('route error', { error: error instanceof Error ? error.message : String(error) });
  return (
    <ErrorScreen
      detail={isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : errorDetail(error)}
    />
  );
};
