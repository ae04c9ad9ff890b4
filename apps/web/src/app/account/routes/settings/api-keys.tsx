import { useRuntimeConfig } from '@/config/runtime-config.ts';
import { ApiKeysSettings } from '@/features/exchange-keys/components/api-keys-settings.tsx';

export default function SettingsApiKeysRoute() {
  const config = useRuntimeConfig();
  return <ApiKeysSettings paper={config.exchange === 'paper'} />;
}
