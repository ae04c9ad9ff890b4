import { describe, expect, it } from 'vitest';
import { epicEndedMessage } from './epic-notice-message.ts';

const epic = { epicId: '6b1f3c2e-1d2a-4c5b-9e8f-0a1b2c3d4e5f', productId: 'LINK-USD' };

describe('epicEndedMessage', () => {
  it('words each ending with the epic, its levels and what the trader now has', () => {
    const say = (ending: Parameters<typeof epicEndedMessage>[0]['ending'], more = {}) =>
      epicEndedMessage({ ...epic, dcaLevels: '2/5', profits: '-3.994', ending, ...more });
    expect(say('closed', { profits: '12.345' })).toBe(
      'Your epic LINK[4e5f] was closed on 2/5 at a $12.35 profit',
    );
    expect(say('liquidated')).toBe('Your epic LINK[4e5f] was liquidated on 2/5 at a $3.99 loss');
    expect(say('stopped')).toBe('Your epic LINK[4e5f] hit its stop on 2/5 and was sold at a $3.99 loss');
    expect(say('cancelled')).toBe('Your epic LINK[4e5f] was cancelled on 2/5; the coins bought are kept');
    expect(say('delisted')).toBe(
      'Your epic LINK[4e5f] ended: LINK-USD was delisted; the coins bought are kept',
    );
    expect(say('error', { reason: 'The exchange refused the API key.' })).toBe(
      'Your epic LINK[4e5f] stopped trading: The exchange refused the API key.',
    );
  });

  it('says nothing was bought when an epic ends before its first level', () => {
    const message = epicEndedMessage({ ...epic, dcaLevels: '0/5', profits: null, ending: 'cancelled' });
    expect(message).toBe('Your epic LINK[4e5f] was cancelled on 0/5; nothing was bought');
  });

  it('calls a zero result a profit, as the closed notice does', () => {
    const message = epicEndedMessage({ ...epic, dcaLevels: '1/5', profits: '0', ending: 'liquidated' });
    expect(message).toBe('Your epic LINK[4e5f] was liquidated on 1/5 at a $0.00 profit');
  });
});
