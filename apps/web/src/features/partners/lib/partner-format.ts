import type { TAccountStatus, TPayoutStatus } from '@cdca/contracts';

const day = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** A date as the partner's locale writes it (joined, requested, paid). */
export const formatDay = (iso: string): string => day.format(new Date(iso));

/** 0x5aAe…eAed: enough of an address or hash to recognise it; the whole value stays in the title. */
export const shortHex = (value: string): string =>
  value.length > 14 ? `${value.slice(0, 6)}…${value.slice(-4)}` : value;

export const PAYOUT_STATUS_LABELS: Record<TPayoutStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  paid: 'Paid',
  rejected: 'Rejected',
};
export const PAYOUT_STATUS_TONES = {
  requested: 'amber',
  approved: 'blue',
  paid: 'green',
  rejected: 'red',
} as const satisfies Record<TPayoutStatus, 'amber' | 'blue' | 'green' | 'red'>;

/** A referred account's status in a word: onboarding statuses are one "Onboarding". */
export const referralStatusLabel = (
  status: TAccountStatus,
): { label: string; tone: 'green' | 'amber' | 'red' | 'neutral' } => {
  if (status === 'active') return { label: 'Active', tone: 'green' };
  if (status === 'deactivated') return { label: 'Deactivated', tone: 'amber' };
  if (status === 'deleted') return { label: 'Deleted', tone: 'red' };
  return { label: 'Onboarding', tone: 'neutral' };
};

/** Where anyone can check a payout's transaction (USDC on Ethereum). */
export const txUrl = (hash: string) => `https://etherscan.io/tx/${hash}`;
