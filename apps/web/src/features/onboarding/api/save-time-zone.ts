import { ZReportPreferences } from '@cdca/contracts';
import { apiRequest } from '@/lib/http/api-client.ts';
import { browserTimeZone } from '@/lib/time/browser-time-zone.ts';

/**
 * At the end of onboarding the account takes this browser's zone for its daily report, so "09:00" means the
 * trader's morning from day one (docs/decisions/daily-report.md). Best effort: without it the report runs on UTC
 * and the zone can be chosen in Settings.
 */
export const saveBrowserTimeZone = async (accountId: string): Promise<void> => {
  try {
    await apiRequest(`/api/v1/settings/${accountId}/daily-report`, {
      method: 'PATCH',
      body: { timeZone: browserTimeZone() },
      schema: ZReportPreferences,
    });
  } catch {
    // The default (UTC) stands; Settings → Notifications offers the zone again.
  }
};
