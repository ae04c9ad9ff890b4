import { EPIC_STATUSES } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import {
  canCancelEpic,
  canLiquidateEpic,
  epicStatusMeaning,
  isTerminalEpicStatus,
  LIVE_EPIC_STATUSES,
} from './epic-status.ts';

describe('epic status copy', () => {
  it('explains every status in a sentence', () => {
    for (const status of EPIC_STATUSES) expect(epicStatusMeaning(status)).toMatch(/\.$/);
  });

  it('tells the trader what to do in warning and error', () => {
    expect(epicStatusMeaning('warning')).toMatch(/cancel or liquidate/);
    expect(epicStatusMeaning('error')).toMatch(/API keys/);
  });

  it('splits live and terminal statuses', () => {
    expect(LIVE_EPIC_STATUSES).not.toContain('closed');
    expect(LIVE_EPIC_STATUSES).toContain('warning');
    expect(isTerminalEpicStatus('delisted')).toBe(true);
  });

  it('offers cancel and liquidate only where the engine accepts them', () => {
    expect(canCancelEpic('active')).toBe(true);
    expect(canLiquidateEpic('pending')).toBe(false);
    expect(canCancelEpic('closed')).toBe(false);
    expect(canLiquidateEpic('error')).toBe(true);
  });
});
