import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeStatus } from '@/lib/realtime/realtime-client.ts';
import { RealtimeStatusContext } from '@/lib/realtime/realtime-context.ts';
import { testEpic } from '../lib/test-epic.ts';
import { EpicChartCard } from './epic-chart-card.tsx';

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Without candles the card draws its skeleton, not the canvas (which jsdom does not have); the caption is the same.
const renderWhile = (status: RealtimeStatus) =>
  render(
    <RealtimeStatusContext value={status}>
      <EpicChartCard detail={testEpic()} candles={undefined} takeProfit={null} />
    </RealtimeStatusContext>,
  );

const caption = () => screen.getByText(/^Levels, fills, average and take-profit/).textContent;

describe('EpicChartCard', () => {
  it('says the chart is live while the realtime connection is up', () => {
    renderWhile('connected');
    expect(caption()).toBe('Levels, fills, average and take-profit · live');
  });

  it('does not claim to be live while reconnecting or after giving up', () => {
    const { unmount } = renderWhile('reconnecting');
    expect(caption()).toBe('Levels, fills, average and take-profit · reconnecting…');
    unmount();
    renderWhile('offline');
    expect(caption()).toBe('Levels, fills, average and take-profit · not live');
  });
});
