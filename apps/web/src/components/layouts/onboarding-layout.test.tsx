import type { TAccountStatus } from '@cdca/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from '@/testing/memory-router.tsx';
import { OnboardingLayout } from './onboarding-layout.tsx';

const renderAt = (path: string, accountStatus: TAccountStatus) =>
  render(
    <MemoryRouter path={path}>
      <OnboardingLayout beta={false} email="trader@example.test" accountStatus={accountStatus}>
        <p>step content</p>
      </OnboardingLayout>
    </MemoryRouter>,
  );

afterEach(cleanup);

describe('OnboardingLayout', () => {
  it.each([
    ['/payment', 'pending-payment', 'Step 1 of 6'],
    ['/keys', 'pending-keys', 'Step 3 of 6'],
    ['/tos', 'pending-tos', 'Step 6 of 6'],
  ] as const)('shows onboarding progress on %s while the account is %s', (path, status, count) => {
    renderAt(path, status);
    expect(screen.getByRole('navigation', { name: 'Onboarding progress' }).textContent).toContain(count);
  });

  it.each(['deactivated', 'deleted', 'active'] as const)(
    'shows no onboarding progress on /payment for a %s account: paying to come back is not step 1',
    (status) => {
      renderAt('/payment', status);
      expect(screen.getByText('step content')).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Onboarding progress' })).toBeNull();
      expect(screen.queryByText(/Step \d of/)).toBeNull();
    },
  );
});
