import { DailyReportSettings } from '@/features/settings/components/daily-report-settings.tsx';
import { NotificationSettings } from '@/features/settings/components/notification-settings.tsx';
import { useAccount } from '@/lib/auth/use-account.ts';

export default function SettingsNotificationsRoute() {
  const account = useAccount();
  return (
    <>
      <NotificationSettings accountId={account.id} />
      <DailyReportSettings accountId={account.id} />
    </>
  );
}
