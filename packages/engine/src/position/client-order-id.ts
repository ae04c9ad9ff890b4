/**
 * Deterministic client order ids (docs/decisions/epic-maths.md, exactly once): the same epic, purpose, level and attempt always
 * give the same id, so after a crash the engine asks the venue for that id and adopts the order instead of
 * sending a second one. Lower-case letters, digits and dashes only, at most 64 characters — within every
 * venue's limit (Coinbase allows any string; many venues cap at 36–64 and forbid other symbols).
 */
export type OrderPurpose = 'buy' | 'take-profit' | 'liquidation';

const PURPOSE_CODES: Record<OrderPurpose, string> = { buy: 'b', 'take-profit': 't', liquidation: 'l' };
const PREFIX = 'cdca';
const MAX_EPIC_CHARS = 36;
const MAX_ATTEMPT = 999_999;

/** Throws on arguments no caller should ever pass: a bad id here is a programming error, not a trader's. */
export const clientOrderId = (
  epicId: string,
  purpose: OrderPurpose,
  level: number,
  attempt: number,
): string => {
  const epic = epicId.replaceAll('-', '').toLowerCase();
  if (!/^[a-z0-9]+$/.test(epic) || epic.length > MAX_EPIC_CHARS) {
    throw new RangeError(`epic id ${JSON.stringify(epicId)} must be letters, digits and dashes (a uuid)`);
  }
  if (!Number.isInteger(level) || level < 0 || level > 99)
    throw new RangeError(`level ${level} out of range`);
  if (!Number.isInteger(attempt) || attempt < 0 || attempt > MAX_ATTEMPT) {
    throw new RangeError(`attempt ${attempt} out of range`);
  }
  return `${PREFIX}-${epic}-${PURPOSE_CODES[purpose]}${level}-${attempt}`;
};

export type ParsedClientOrderId = { epic: string; purpose: OrderPurpose; level: number; attempt: number };

/** The parts of an id this module made (epic without dashes), or undefined for anyone else's order. */
export const parseClientOrderId = (id: string): ParsedClientOrderId | undefined => {
  const match = /^cdca-([a-z0-9]{1,36})-([btl])(\d{1,2})-(\d{1,6})$/.exec(id);
  if (!match) return undefined;
  const [, epic = '', code, level = '0', attempt = '0'] = match;
  const purpose = (Object.keys(PURPOSE_CODES) as OrderPurpose[]).find((p) => PURPOSE_CODES[p] === code);
  if (!purpose) return undefined;
  return { epic, purpose, level: Number(level), attempt: Number(attempt) };
};
