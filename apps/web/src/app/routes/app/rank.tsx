import { RANK_TIERS } from '@cdca/contracts/account.ts';
import { Trophy } from 'lucide-react';
import { Card } from '@/components/ui/card.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useAccount } from '@/lib/auth/use-account.ts';

export default function RankRoute() {
  const account = useAccount();
  const current = RANK_TIERS.indexOf(account.accountRank);
  return (
    <>
      <PageHeader title="Rank" subtitle="Tiers climb with the profit your epics realise." />
      <Card style={{ display: 'grid', gap: 20 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 14 }}>
          <span
            style={{
              display: 'grid',
              placeItems: 'center',
              width: 52,
              height: 52,
              borderRadius: 14,
              background: 'var(--accent-soft)',
              color: 'var(--accent)',
            }}
            aria-hidden="true"
          >
            <Trophy size={26} />
          </span>
          <div>
            <p style={{ color: 'var(--muted)', fontSize: 13 }}>Your rank</p>
            <p style={{ fontSize: 22, fontWeight: 800, textTransform: 'capitalize' }}>
              {account.accountRank}
            </p>
          </div>
        </div>
        <ol
          aria-label="Rank tiers"
          style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', margin: 0, padding: 0 }}
        >
          {RANK_TIERS.map((tier, index) => (
            <li
              key={tier}
              aria-current={index === current ? 'true' : undefined}
              style={{
                padding: '6px 12px',
                borderRadius: 999,
                fontSize: 13,
                fontWeight: 600,
                textTransform: 'capitalize',
                border: `1px solid ${index === current ? 'var(--accent)' : 'var(--border)'}`,
                color: index <= current ? 'var(--text)' : 'var(--faint)',
                background: index === current ? 'var(--accent-soft)' : 'var(--surface-2)',
              }}
            >
              {tier}
            </li>
          ))}
        </ol>
        <p style={{ color: 'var(--muted)', fontSize: 14 }}>
          Leaderboards and the profit needed for each tier arrive with epics and stats.
        </p>
      </Card>
    </>
  );
}
