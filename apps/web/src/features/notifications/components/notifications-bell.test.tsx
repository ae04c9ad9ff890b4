import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationsBell } from './notifications-bell.tsx';

describe('NotificationsBell', () => {
  afterEach(cleanup);

  it('opens an empty list', () => {
    render(<NotificationsBell />);
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('NO NOTIFICATIONS')).toBeTruthy();
  });

  it('caps the badge at 99+', () => {
    render(<NotificationsBell unread={250} />);
    expect(screen.getByText('99+')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications, 99+ unread' })).toBeTruthy();
  });
});
