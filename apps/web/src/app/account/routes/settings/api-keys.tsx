import { useQuery } from '@tanstack/react-query';
import { useRuntimeConfig } from '@/config/runtime-config.ts';
import { getLiveEpicsQueryOptions } from '@/features/epics/api/get-live-epics.ts';
import { ApiKeysSettings } from '@/features/exchange-keys/components/api-keys-settings.tsx';

export default function SettingsApiKeysRoute() {
  const config = useRuntimeConfig();
  // Fetched fresh here: this page does not follow epic events, and a stale count would say the wrong thing.
  const live = useQuery({ ...getLiveEpicsQueryOptions(), staleTime: 0 });
  return <ApiKeysSettings paper={config.exchange === 'paper'} runningEpics={live.data?.epics.length} />;
}
