import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Toggle } from '@/components/ui/toggle.tsx';
import { useSettings } from '../api/get-settings.ts';
import { useUpdateSettings } from '../api/update-settings.ts';

export type NotificationSettingsProps = { accountId: string };

const ALERTS = [
  { key: 'epicClosedAlerts', label: 'Epic closed', description: 'when an epic sells and closes' },
  { key: 'epicHitAlerts', label: 'Level hit', description: 'when an epic buys at one of its DCA levels' },
  { key: 'topMoverAlerts', label: 'Top movers', description: 'when a coin starts moving fast' },
] as const;

export const NotificationSettings = ({ accountId }: NotificationSettingsProps) => {
  const settings = useSettings(accountId);
  const update = useUpdateSettings(accountId);

  return (
    <Card as="section" aria-labelledby="alerts-title">
      <h2 id="alerts-title" style={{ fontSize: 17 }}>
        Alerts
      </h2>
      <p style={{ color: 'var(--muted)', fontSize: 14, marginTop: 4 }}>
        Choose which in-app notifications you get.
      </p>
      {settings.isPending ? (
        <div style={{ display: 'grid', gap: 18, marginTop: 20 }} role="status" aria-label="Loading settings">
          <Skeleton height={22} />
          <Skeleton height={22} />
          <Skeleton height={22} />
        </div>
      ) : settings.isError ? (
        <div style={{ marginTop: 16, display: 'grid', gap: 12, justifyItems: 'start' }}>
          <p style={{ color: 'var(--red)' }}>Could not load your settings.</p>
          <Button variant="secondary" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div style={{ marginTop: 8 }}>
          {ALERTS.map((alert) => (
            <Toggle
              key={alert.key}
              label={alert.label}
              description={alert.description}
              checked={settings.data[alert.key]}
              onChange={(checked) => update.mutate({ [alert.key]: checked })}
            />
          ))}
        </div>
      )}
    </Card>
  );
};
