import type { TPayment } from '@cdca/contracts';

const HOUR = 3_600_000;

/** A pending LaunchSpecial payment due in `dueInHours`, with a charge that expires in `chargeInHours`. */
export const testPayment = (
  now: number,
  {
    dueInHours = 120,
    chargeInHours = 1,
    ...rest
  }: Partial<TPayment> & { dueInHours?: number; chargeInHours?: number } = {},
): TPayment => ({
  id: '3f2a1b4c-5d6e-4f70-8a91-b2c3d4e5f601',
  accountId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  status: 'pending',
  cycle: 1,
  createdAt: new Date(now - HOUR).toISOString(),
  updatedAt: new Date(now - HOUR).toISOString(),
  dueAt: new Date(now + dueInHours * HOUR).toISOString(),
  chargeExpDate: new Date(now + chargeInHours * HOUR).toISOString(),
  chargeHostedUrl: 'https://pay.example.test/sandbox-pay/ch_1',
  discountCode: 'LaunchSpecial',
  originalPrice: '64.98',
  basePrice: '49.98',
  usageVolume: '0',
  usageFee: '0.00',
  creditApplied: '0.00',
  amountDue: '49.98',
  amountPaid: '0',
  cycleStart: new Date(now - HOUR).toISOString(),
  cycleEnd: new Date(now + 720 * HOUR).toISOString(),
  paidAt: null,
  ...rest,
});
