import { Component, type ReactNode } from 'react';
import { logger } from '@/lib/logger.ts';
import { ErrorScreen, errorDetail } from './error-screen.tsx';

type PageErrorBoundaryProps = {
  /** Named in the log line. */
  label: string;
  /** When given, a new value (the next address) clears the error, as React Router's errorElement did. */
  resetKey?: string;
  children: ReactNode;
};
type PageErrorBoundaryState = { failed: boolean; error: unknown; resetKey: string | undefined };

/**
 * A page that could not load (its chunk failed or timed out) or threw while rendering shows the error screen
 * (docs/product.md §8 'Unexpected Application Error!') instead of a blank page. Both apps' routers use it.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { failed: false, error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<PageErrorBoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: PageErrorBoundaryProps,
    state: PageErrorBoundaryState,
  ): Partial<PageErrorBoundaryState> | null {
    return props.resetKey === state.resetKey
      ? null
      : { failed: false, error: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    logger.error(this.props.label, { error: error instanceof Error ? error.message : String(error) });
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen detail={errorDetail(this.state.error)} /> : this.props.children;
  }
}
