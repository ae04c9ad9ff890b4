import { isChecksumAddress, type TPartnerBalance } from '@cdca/contracts';
import { money } from '@cdca/engine';
import { Wallet } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { StatTile } from '@/components/ui/stat-tile.tsx';
import { StatTiles } from '@/components/ui/stat-tiles.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { formatUsd } from '@/lib/format/number.ts';
import { errorMessage } from '@/lib/http/api-error.ts';
import { toast } from '@/lib/toast.ts';
import { usePayouts } from '../api/get-payouts.ts';
import { useRequestPayout } from '../api/request-payout.ts';
import { useLivePayouts } from '../hooks/use-live-payouts.ts';
import styles from './partners.module.css';
import { PayoutHistory } from './payout-history.tsx';

/** /partners/payouts: the balance (sums of the ledger), a payout request, and the history. */
export const PayoutsPanel = () => {
  useLivePayouts();
  const payouts = usePayouts();
  const balance = payouts.data?.balance;
  return (
    <QueryState
      query={payouts}
      loading={{ label: 'Loading your payouts', rows: 3, height: 88 }}
      errorMessage="Could not load your payouts."
      isEmpty={false}
      empty={null}
    >
      {balance ? (
        <div className={styles.stack}>
          <StatTiles label="Your partner balance">
            {balanceTiles(balance).map((tile) => (
              <StatTile
                key={tile.label}
                valueClassName={styles.tileValue}
                noteClassName={styles.tileNote}
                {...tile}
              />
            ))}
          </StatTiles>
          <RequestPayoutForm balance={balance} />
          {payouts.data?.items.length ? (
            <PayoutHistory items={payouts.data.items} />
          ) : (
            <EmptyState icon={<Wallet size={26} />} title="No payouts yet">
              Once your commissions reach {formatUsd(balance.minimumPayout)} you can request them here, in
              USDC.
            </EmptyState>
          )}
        </div>
      ) : null}
    </QueryState>
  );
};

/** The balance as four sums of the ledger, in the order a partner follows the money. */
const balanceTiles = (balance: TPartnerBalance) => [
  { label: 'Available', value: formatUsd(balance.available), note: 'Ready to request' },
  { label: 'Pending', value: formatUsd(balance.pending), note: 'Requested, not paid yet' },
  { label: 'Paid', value: formatUsd(balance.paid), note: 'Sent to your wallet' },
  {
    label: 'Earned',
    value: formatUsd(balance.earned),
    note: `${balance.commissionPercent} % of what your referrals paid`,
  },
];

const ADDRESS_HINT = 'USDC on Ethereum. Paste it as your wallet shows it: the mixed case is its checksum.';

const RequestPayoutForm = ({ balance }: { balance: TPartnerBalance }) => {
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string>();
  const request = useRequestPayout();
  const available = money(balance.available);
  const enough = available.gt(0) && available.gte(balance.minimumPayout);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = address.trim();
    if (!isChecksumAddress(value)) {
      setError(
        /^0x[0-9a-fA-F]{40}$/.test(value)
          ? 'The checksum does not match: check the address, or copy it again from your wallet.'
          : 'An Ethereum address is 0x followed by 40 hexadecimal characters.',
      );
      return;
    }
    request.mutate(value, {
      onSuccess: (payout) => {
        setAddress('');
        toast.success(`Payout of ${formatUsd(payout.amount)} requested.`);
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };
  return (
    <Card>
      <form className={styles.requestForm} onSubmit={submit} aria-label="Request a payout">
        <div className={styles.requestText}>
          <h2 className={styles.h2}>Request a payout</h2>
          <p className={styles.muted}>
            {enough
              ? `Your whole available balance, ${formatUsd(balance.available)}, is sent once an owner approves it.`
              : `Payouts start at ${formatUsd(balance.minimumPayout)}; ${formatUsd(balance.available)} is available now.`}
          </p>
        </div>
        <TextField
          label="USDC address (Ethereum)"
          name="address"
          value={address}
          placeholder="0x…"
          autoComplete="off"
          spellCheck={false}
          hint={ADDRESS_HINT}
          error={error}
          disabled={!enough}
          onChange={(event) => {
            setAddress(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" disabled={!enough || request.isPending}>
          {enough ? `Request ${formatUsd(balance.available)}` : 'Request payout'}
        </Button>
      </form>
    </Card>
  );
};
