import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '@/lib/chunk-load.ts';
import { PageErrorBoundary } from './page-error-boundary.tsx';

const Broken = ({ error }: { error: Error }) => {
  throw error;
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('PageErrorBoundary', () => {
  it('shows the error screen for a page that failed, and the next address clears it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <PageErrorBoundary label="route error" resetKey="/history">
        <Broken error={new ChunkLoadError('Loading chunk history failed')} />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText(/A newer version of CDCA was released/)).toBeTruthy();

    rerender(
      <PageErrorBoundary label="route error" resetKey="/history">
        <p>History</p>
      </PageErrorBoundary>,
    );
    expect(screen.queryByText('History')).toBeNull();

    rerender(
      <PageErrorBoundary label="route error" resetKey="/dashboard">
        <p>Dashboard</p>
      </PageErrorBoundary>,
    );
    expect(screen.getByText('Dashboard')).toBeTruthy();
  });
});
