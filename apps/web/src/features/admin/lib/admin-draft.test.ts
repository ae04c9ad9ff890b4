import type { TAdminAccount } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import { changesOf, draftOf, shown } from './admin-draft.ts';

const account: TAdminAccount = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: 'user-1',
  email: 'a@example.test',
  status: 'active',
  role: 'standard',
  accountType: 'standard',
  freeAccount: false,
  firstName: null,
  lastName: null,
  profilePhoto: null,
  accountRank: 'silver',
  skillLevel: null,
  signupReferralCode: null,
  createdAt: '2026-06-01T00:00:00.000Z',
  updatedAt: '2026-06-01T00:00:00.000Z',
  discountCode: null,
};

describe('the admin page sends only what the owner changed', () => {
  it('sends nothing for an untouched draft', () => {
    expect(changesOf(account, draftOf(account))).toEqual({});
  });

  it('sends each changed field, a removed discount code as null, and leaves the rest out', () => {
    const withCode = { ...account, discountCode: 'LaunchSpecial' as const };
    const draft = { ...draftOf(withCode), freeAccount: true, role: 'partner' as const, discountCode: null };
    expect(changesOf(withCode, draft)).toEqual({ freeAccount: true, role: 'partner', discountCode: null });
  });

  it('reads values in words', () => {
    expect([shown(null), shown(true), shown(false), shown('gold')]).toEqual(['none', 'yes', 'no', 'gold']);
  });
});
