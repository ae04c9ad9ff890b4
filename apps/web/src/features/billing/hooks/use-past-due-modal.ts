import type { TAccount } from '@cdca/contracts';
import { UNPAID_PAYMENT_STATUSES } from '@cdca/contracts';
import { useEffect, useState } from 'react';
import { usePayments } from '../api/get-payments.ts';
import { firstUnpaid, modalShowingKey, shouldOpenPastDueModal } from '../lib/past-due-rules.ts';
import { readShownModals, rememberShownModal } from '../lib/past-due-session.ts';
import { useFreshCharge } from './use-fresh-charge.ts';
import { useServerNow } from './use-server-now.ts';

/**
 * When the past-due modal opens (docs/product.md §4): once per session per payment and title, for an active account with
 * an unpaid payment and no payment return pending. It follows the payment live and closes itself once paid.
 */
export const usePastDueModal = (account: Pick<TAccount, 'id' | 'status'>, returningFromPayment: boolean) => {
  const unpaid = usePayments(account.id, UNPAID_PAYMENT_STATUSES);
  const payment = firstUnpaid(unpaid.data?.payments ?? []);
  // The server's time: the due date and the charge's expiry are judged by its clock, not the device's.
  const now = useServerNow(unpaid);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (open || !payment) return;
    const input = {
      accountStatus: account.status,
      returningFromPayment,
      payment,
      now,
      shown: readShownModals(),
    };
    if (!shouldOpenPastDueModal(input)) return;
    rememberShownModal(modalShowingKey(payment, now));
    setOpen(true);
  }, [open, payment, account.status, returningFromPayment, now]);

  const visible = open && payment !== undefined && account.status === 'active';
  const charge = useFreshCharge(account.id, visible ? payment : undefined, now);
  return { open: visible, payment, now, charge, close: () => setOpen(false) };
};
