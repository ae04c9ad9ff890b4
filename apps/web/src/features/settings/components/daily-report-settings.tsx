import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Toggle } from '@/components/ui/toggle.tsx';
import { browserTimeZone } from '@/lib/time/browser-time-zone.ts';
import { useReportPreferences, useUpdateReportPreferences } from '../api/report-preferences.ts';
import { timeZoneChoices, zoneLabel } from '../lib/time-zones.ts';
import styles from './daily-report-settings.module.css';
import shared from './settings-card.module.css';

export type DailyReportSettingsProps = { accountId: string };

/**
 * The daily stats report: on or off, and when it comes, as a local time in a chosen zone
 * (docs/decisions/daily-report.md). A zone never chosen runs on UTC; the browser's zone is offered.
 */
export const DailyReportSettings = ({ accountId }: DailyReportSettingsProps) => {
  const preferences = useReportPreferences(accountId);
  const update = useUpdateReportPreferences(accountId);
  const timeId = useId();
  const zoneId = useId();
  const [time, setTime] = useState('09:00');
  const [zone, setZone] = useState('UTC');
  const here = browserTimeZone();

  useEffect(() => {
    if (!preferences.data) return;
    setTime(preferences.data.reportTime);
    setZone(preferences.data.timeZone ?? here);
  }, [preferences.data, here]);

  const saved = preferences.data;
  const unchanged = saved?.reportTime === time && saved?.timeZone === zone;

  return (
    <Card as="section" aria-labelledby="daily-report-title" className={styles.card}>
      <h2 id="daily-report-title" className={shared.title}>
        Daily stats report
      </h2>
      <p className={shared.intro}>
        Once a day, when your closed epics made money over the last 24 hours, a notice links to your stats.
      </p>
      {preferences.isPending ? (
        <div className={shared.loading} role="status" aria-label="Loading report preferences">
          <Skeleton height={22} />
          <Skeleton height={42} />
        </div>
      ) : preferences.isError ? (
        <div className={shared.failed}>
          <p>Could not load your report preferences.</p>
          <Button variant="secondary" onClick={() => void preferences.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <Toggle
            label="Stats report"
            description="a daily notice when your portfolio is up"
            checked={preferences.data.statsReportAlerts}
            onChange={(checked) => update.mutate({ statsReportAlerts: checked })}
          />
          <p className={shared.example} aria-hidden="true">
            Congrats! Your portfolio is up $48.20 in the last 24hrs!
          </p>
          <form
            className={styles.when}
            onSubmit={(event) => {
              event.preventDefault();
              update.mutate({ reportTime: time, timeZone: zone });
            }}
          >
            <div className={styles.field}>
              <label htmlFor={timeId} className={styles.label}>
                Time
              </label>
              <input
                id={timeId}
                type="time"
                required
                step={60}
                className={styles.input}
                value={time}
                onChange={(event) => setTime(event.target.value.slice(0, 5))}
              />
            </div>
            <div className={`${styles.field} ${styles.zoneField}`}>
              <label htmlFor={zoneId} className={styles.label}>
                Time zone
              </label>
              <select
                id={zoneId}
                className={styles.input}
                value={zone}
                onChange={(event) => setZone(event.target.value)}
              >
                {timeZoneChoices(here, saved?.timeZone ?? null, zone).map((choice) => (
                  <option key={choice} value={choice}>
                    {zoneLabel(choice)}
                    {choice === here ? ' (this device)' : ''}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" disabled={unchanged || update.isPending} className={styles.save}>
              {update.isPending ? 'Saving…' : 'Save time'}
            </Button>
          </form>
          <p className={`${shared.note} ${styles.note}`}>
            {saved?.timeZone
              ? `Sent at ${saved.reportTime} ${zoneLabel(saved.timeZone)} time, at most once a day.`
              : `No zone saved yet: the report comes at ${saved?.reportTime} UTC until you save one.`}{' '}
            On the day clocks change, a time that does not exist comes at the first minute after it.
          </p>
        </>
      )}
    </Card>
  );
};
