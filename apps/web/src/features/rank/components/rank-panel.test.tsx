import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RankPanel } from './rank-panel.tsx';

describe('RankPanel', () => {
  afterEach(cleanup);

  it('shows the tier, the dollars and percent to the next one, and the ladder with the held tier marked', () => {
    render(
      <RankPanel
        rank={{
          tier: 'iron',
          lifetimeRealisedProfit: '175.50',
          next: { tier: 'silver', threshold: '250', remaining: '74.50', percent: '50.33' },
        }}
      />,
    );
    expect(screen.getByText('Iron', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('$175.50')).toBeTruthy();
    expect(screen.getByText('$74.50').parentElement?.textContent).toBe('$74.50 to Silver');
    const bar = screen.getByRole('progressbar', { name: 'Progress to Silver' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50.33');
    expect(screen.getByText('50.33%')).toBeTruthy();

    const steps = within(screen.getByRole('list', { name: 'Rank tiers' })).getAllByRole('listitem');
    expect(steps.map((step) => step.dataset.state)).toEqual([
      'reached',
      'current',
      ...Array.from({ length: 8 }, () => 'ahead'),
    ]);
    expect(steps[1]?.getAttribute('aria-current')).toBe('true');
    expect(steps[1]?.textContent).toContain('Your tier');
    expect(steps[0]?.textContent).toContain('Reached');
    expect(steps[9]?.textContent).toContain('Hero');
    expect(steps[9]?.textContent).toContain('$100,000');
  });

  it('keeps a held tier after a loss: progress at 0 % and the whole way counted from the profit', () => {
    render(
      <RankPanel
        rank={{
          tier: 'gold',
          lifetimeRealisedProfit: '-20.00',
          next: { tier: 'platinum', threshold: '1000', remaining: '1020.00', percent: '0.00' },
        }}
      />,
    );
    expect(screen.getByText('Gold', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('$1,020.00').parentElement?.textContent).toBe('$1,020.00 to Platinum');
  });

  it('has no progress bar at hero', () => {
    render(<RankPanel rank={{ tier: 'hero', lifetimeRealisedProfit: '150000.00', next: null }} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText(/Hero is the top tier/)).toBeTruthy();
  });
});
