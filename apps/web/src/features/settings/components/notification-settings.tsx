import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Toggle } from '@/components/ui/toggle.tsx';
import { useSettings } from '../api/get-settings.ts';
import { useUpdateSettings } from '../api/update-settings.ts';
import styles from './notification-settings.module.css';
import shared from './settings-card.module.css';

export type NotificationSettingsProps = { accountId: string };

/** docs/product.md §3 Settings alerts, each with an example of the notice it turns on (docs/product.md §4 wording). */
const ALERTS = [
  {
    key: 'epicClosedAlerts',
    label: 'Epic closed',
    description: 'when a take-profit sells and an epic closes',
    example: 'Your epic SOL[4f2a] was closed on 3/5 at a $12.40 profit',
  },
  {
    key: 'epicHitAlerts',
    label: 'Level filled',
    description: 'each time an epic buys one of its DCA levels',
    example: 'Your epic SOL[4f2a] filled level 2/5',
  },
  {
    key: 'topMoverAlerts',
    label: 'Top movers',
    description: 'when a coin joins the top movers, with a WATCH button',
    example: 'SOL is moving fast! 🚀',
  },
] as const;

export const NotificationSettings = ({ accountId }: NotificationSettingsProps) => {
  const settings = useSettings(accountId);
  const update = useUpdateSettings(accountId);

  return (
    <Card as="section" aria-labelledby="alerts-title">
      <h2 id="alerts-title" className={shared.title}>
        Alerts
      </h2>
      <p className={shared.intro}>
        Choose which notices reach your bell. Each new one also pops up for a moment.
      </p>
      {settings.isPending ? (
        <div className={shared.loading} role="status" aria-label="Loading settings">
          <Skeleton height={22} />
          <Skeleton height={22} />
          <Skeleton height={22} />
        </div>
      ) : settings.isError ? (
        <div className={shared.failed}>
          <p>Could not load your settings.</p>
          <Button variant="secondary" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div>
          {ALERTS.map((alert) => (
            <div key={alert.key}>
              <Toggle
                label={alert.label}
                description={alert.description}
                checked={settings.data[alert.key]}
                onChange={(checked) => update.mutate({ [alert.key]: checked })}
              />
              <p className={shared.example} aria-hidden="true">
                {alert.example}
              </p>
            </div>
          ))}
          <p className={`${shared.note} ${styles.note}`}>
            Epic notices are kept for you on our side, so you see them the next time you sign in. Top movers
            are noticed while CDCA is open in your browser.
          </p>
        </div>
      )}
    </Card>
  );
};
