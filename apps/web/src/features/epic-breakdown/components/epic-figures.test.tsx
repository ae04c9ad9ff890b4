import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RealtimeStatus } from '@/lib/realtime/realtime-client.ts';
import { RealtimeStatusContext } from '@/lib/realtime/realtime-context.ts';
import { positionSummary } from '../lib/position-summary.ts';
import { testEpic, testFill } from '../lib/test-epic.ts';
import { EpicFigures } from './epic-figures.tsx';

const renderFigures = (detail: ReturnType<typeof testEpic>) =>
  render(<EpicFigures detail={detail} summary={positionSummary(detail, '101')} price="101" change24h="1" />);

const noteOf = (label: string) => screen.getByText(label).parentElement?.textContent ?? '';

describe('EpicFigures', () => {
  afterEach(cleanup);

  it('shows the fees on top of the budget instead of a spend above it', () => {
    const fills = [
      testFill({ price: '100', size: '0.5', fee: '0.3' }),
      testFill({ tradeId: 't2', price: '100', size: '0.5', fee: '0.3' }),
    ];
    renderFigures(
      testEpic({ status: 'active', activeDcaLevel: 2, avgBuyRate: '100.6', heldBase: '1', fills }),
    );
    expect(noteOf('Levels filled')).toContain('$100.00 of $100.00 + $0.60 fees');
    expect(noteOf('Levels filled')).not.toContain('$100.60 of $100.00');
  });

  it('does not call coins kept by a cancelled epic "nothing held", nor wait for a take-profit that is gone', () => {
    renderFigures(
      testEpic({ status: 'cancelled', avgBuyRate: '100.6', heldBase: '0.5', fills: [testFill()] }),
    );
    expect(noteOf('Unrealised P&L')).toContain('epic ended · coins kept');
    expect(noteOf('Unrealised P&L')).not.toContain('nothing held');
    expect(noteOf('Realised P&L')).toContain('nothing sold');
    expect(noteOf('Realised P&L')).not.toContain('take-profit');
    expect(noteOf('Held')).toContain('0.5');
  });

  it('calls the price live only while the realtime connection is up', () => {
    const detail = testEpic({ status: 'active' });
    const renderWhile = (status: RealtimeStatus) =>
      render(
        <RealtimeStatusContext value={status}>
          {/* No 24 h change yet: the note speaks about the price itself. */}
          <EpicFigures
            detail={detail}
            summary={positionSummary(detail, '101')}
            price="101"
            change24h={undefined}
          />
        </RealtimeStatusContext>,
      );
    const { unmount } = renderWhile('connected');
    expect(noteOf('Price')).toContain('live');
    unmount();
    renderWhile('reconnecting');
    expect(noteOf('Price')).toContain('reconnecting…');
    expect(noteOf('Price')).not.toMatch(/\blive\b/);
  });

  it('says a running epic with nothing bought holds nothing and books at its take-profit', () => {
    renderFigures(testEpic({ status: 'active', takeProfitPrice: '102', heldBase: '0', fills: [] }));
    expect(noteOf('Unrealised P&L')).toContain('nothing held');
    expect(noteOf('Levels filled')).toContain('$0.00 of $100.00 spent');
  });
});
