import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessDenied } from './access-denied.tsx';

describe('AccessDenied', () => {
  afterEach(cleanup);

  it('shows the SPEC texts and buttons once the e-mail is known to be refused', () => {
    const onGoToDiscord = vi.fn();
    const onGoBack = vi.fn();
    render(<AccessDenied emailWhitelisted={false} onGoToDiscord={onGoToDiscord} onGoBack={onGoBack} />);
    expect(screen.getByRole('heading', { level: 1, name: 'ACCESS DENIED' })).toBeTruthy();
    expect(screen.getByText('Request BETA access in our Discord server.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'GO TO DISCORD' }));
    fireEvent.click(screen.getByRole('button', { name: 'GO BACK' }));
    expect(onGoToDiscord).toHaveBeenCalledOnce();
    expect(onGoBack).toHaveBeenCalledOnce();
  });

  it('shows the logo spinner without the whitelist flag', () => {
    render(<AccessDenied emailWhitelisted={undefined} onGoToDiscord={vi.fn()} onGoBack={vi.fn()} />);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('ACCESS DENIED')).toBeNull();
  });
});
