import { ZAccount } from '@cdca/contracts';
import type { Trader } from '../../../testing/traders.ts';
import type { BillingTestApp } from '../../billing/testing/billing.fixture.ts';

/** EIP-55 reference addresses (checksummed): a payout needs one. */
export const USDC_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const TX_HASH = `0x${'ab12'.repeat(16)}`;

/** An active account the billing app's owner makes a partner through the admin update, as the console does. */
export const newPartner = async (t: BillingTestApp, email: string): Promise<Trader> => {
  const trader = await t.trader(email);
  const response = await t.as(t.owner).patch(`/api/v1/accounts/admin/${trader.sub}`, { role: 'partner' });
  if (response.statusCode !== 200) throw new Error(`make partner failed: ${response.body}`);
  return { ...trader, account: ZAccount.parse(response.json()) };
};

/** A partner with a code of its own. */
export const partnerWithCode = async (t: BillingTestApp, email: string, code: string) => {
  const partner = await newPartner(t, email);
  const response = await t.as(partner).post('/api/v1/partners/referral-codes', { code });
  if (response.statusCode !== 201) throw new Error(`create code failed: ${response.body}`);
  return partner;
};
