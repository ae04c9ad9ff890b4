import type { TAdminPayout, TDecidePayoutBody, TPayoutStatus } from '@cdca/contracts';
import { Banknote } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ChoiceChips } from '@/components/ui/choice-chips.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { errorMessage } from '@/lib/http/api-error.ts';
import { toast } from '@/lib/toast.ts';
import { useAdminPayouts } from '../api/admin-payouts.ts';
import { useDecidePayout } from '../api/decide-payout.ts';
import { PAYOUT_STATUS_LABELS } from '../lib/partner-format.ts';
import styles from './partners.module.css';
import { PayoutTable } from './payout-table.tsx';
import { TxHashLink } from './tx-hash-link.tsx';

type Filter = 'open' | TPayoutStatus | 'all';
const FILTERS: readonly Filter[] = ['open', 'requested', 'approved', 'paid', 'rejected', 'all'];
const FILTER_LABELS: Record<Filter, string> = {
  open: 'To decide',
  all: 'All',
  ...PAYOUT_STATUS_LABELS,
};

/**
 * /admin/payouts: partners' payout requests. An owner approves a request, sends the USDC outside the product and
 * marks it paid with the transaction hash, or rejects it with a reason (the amount returns to the partner).
 */
export const AdminPayoutsTable = () => {
  const [filter, setFilter] = useState<Filter>('open');
  const payouts = useAdminPayouts(filter === 'open' || filter === 'all' ? undefined : filter);
  const items = (payouts.data?.items ?? []).filter(
    (item) => filter !== 'open' || item.status === 'requested' || item.status === 'approved',
  );
  return (
    <section className={styles.stack} aria-labelledby="admin-payouts-title">
      <div className={styles.toolbar}>
        <h2 id="admin-payouts-title" className={styles.h2}>
          Payout requests <span className={styles.muted}>{items.length}</span>
        </h2>
        <ChoiceChips
          legend="Status"
          options={FILTERS}
          value={filter}
          label={(f) => FILTER_LABELS[f]}
          onChange={setFilter}
          size="small"
        />
      </div>
      <QueryState
        query={payouts}
        loading={{ label: 'Loading payout requests', rows: 4, height: 44 }}
        errorMessage="Could not load payout requests."
        isEmpty={items.length === 0}
        empty={
          <EmptyState icon={<Banknote size={26} />} title="Nothing to decide">
            Partners' payout requests appear here when they ask to be paid their commissions.
          </EmptyState>
        }
      >
        <PayoutTable
          label="Payout requests"
          items={items}
          partner={(payout) => payout.partnerEmail}
          outcome={{ heading: 'Decision', cell: (payout) => <PayoutDecision payout={payout} /> }}
        />
      </QueryState>
    </section>
  );
};

type Pending = 'mark-paid' | 'reject' | null;

type PayoutDecisionProps = { payout: TAdminPayout };

/** What an owner can do with a request where it stands: approve, mark paid with the hash, reject with a reason. */
const PayoutDecision = ({ payout }: PayoutDecisionProps) => {
  const [open, setOpen] = useState<Pending>(null);
  const [value, setValue] = useState('');
  const decide = useDecidePayout();
  const send = (body: TDecidePayoutBody, done: string) =>
    decide.mutate(
      { id: payout.id, body },
      {
        onSuccess: () => {
          setOpen(null);
          setValue('');
          toast.success(done);
        },
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (open === 'mark-paid') send({ action: 'mark-paid', txHash: value.trim() }, 'Payout marked paid.');
    if (open === 'reject') send({ action: 'reject', reason: value.trim() }, 'Payout rejected.');
  };
  return open ? (
    <form className={styles.decision} onSubmit={submit}>
      <input
        className={styles.inlineInput}
        aria-label={open === 'mark-paid' ? 'Transaction hash' : 'Reason for rejecting'}
        placeholder={open === 'mark-paid' ? '0x… transaction hash' : 'Reason'}
        value={value}
        required
        onChange={(event) => setValue(event.target.value)}
      />
      <Button
        size="sm"
        type="submit"
        variant={open === 'reject' ? 'danger' : 'primary'}
        disabled={decide.isPending}
      >
        {open === 'mark-paid' ? 'Mark paid' : 'Reject'}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setOpen(null)}>
        Cancel
      </Button>
    </form>
  ) : (
    <div className={styles.decision}>
      {payout.status === 'requested' ? (
        <Button
          size="sm"
          onClick={() => send({ action: 'approve' }, 'Payout approved.')}
          disabled={decide.isPending}
        >
          Approve
        </Button>
      ) : null}
      {payout.status === 'approved' ? (
        <Button size="sm" onClick={() => setOpen('mark-paid')}>
          Mark paid
        </Button>
      ) : null}
      {payout.status === 'requested' || payout.status === 'approved' ? (
        <Button size="sm" variant="secondary" onClick={() => setOpen('reject')}>
          Reject
        </Button>
      ) : null}
      {payout.txHash ? <TxHashLink hash={payout.txHash} /> : null}
      {payout.rejectionReason ? <span className={styles.reason}>{payout.rejectionReason}</span> : null}
    </div>
  );
};
