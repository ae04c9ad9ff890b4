import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Redirect, useLocation } from 'wouter';
import { BrowserHistoryRouter, navigate, useHistoryEntry } from './history.tsx';

const Where = () => {
  const [path] = useLocation();
  const entry = useHistoryEntry();
  if (path === '/no-such-page') return <Redirect to="/" replace />;
  return <output>{`${path} ${entry.type}`}</output>;
};

describe('BrowserHistoryRouter', () => {
  afterEach(cleanup);

  it('follows a redirect made on the first render, before it listens for moves', async () => {
    window.history.replaceState(null, '', '/no-such-page');
    render(
      <BrowserHistoryRouter>
        <Where />
      </BrowserHistoryRouter>,
    );
    expect((await screen.findByRole('status')).textContent).toBe('/ REPLACE');
    expect(window.location.pathname).toBe('/');
  });

  it('gives each entry a key and tells a link from back/forward', async () => {
    window.history.replaceState(null, '', '/dashboard');
    render(
      <BrowserHistoryRouter>
        <Where />
      </BrowserHistoryRouter>,
    );
    const first: unknown = window.history.state;
    expect(first).toMatchObject({ key: expect.any(String) });
    act(() => navigate('/history'));
    expect((await screen.findByRole('status')).textContent).toBe('/history PUSH');
    expect(window.history.state).not.toEqual(first);
    // The same address again replaces the entry rather than adding a back step.
    act(() => navigate('/history'));
    expect((await screen.findByRole('status')).textContent).toBe('/history REPLACE');
  });
});
