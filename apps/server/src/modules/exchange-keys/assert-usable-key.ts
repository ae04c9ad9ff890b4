import type { KeyPermissions } from '@cdca/exchange';
import { AppError } from '../../lib/app-error.ts';

/** Refuses what docs/product.md §5 refuses: a key that can move funds out, and one the engine could not trade with. */
export const assertUsableKey = (permissions: KeyPermissions) => {
  if (permissions.canTransfer) {
    throw new AppError(
      422,
      'api-key-can-transfer',
      'This key can transfer funds out of your account. Create a new key without the Transfer permission (View and Trade only).',
    );
  }
  if (!permissions.canView) {
    throw new AppError(
      422,
      'api-key-cannot-view',
      'This key cannot view your account. Create a key with the View permission.',
    );
  }
  if (!permissions.canTrade) {
    throw new AppError(
      422,
      'api-key-cannot-trade',
      'This key cannot trade. Create a key with the Trade permission.',
    );
  }
};
