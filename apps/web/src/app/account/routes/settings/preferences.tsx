import { TradingPreferences } from '@/features/account/components/trading-preferences.tsx';
import { useAccount } from '@/lib/auth/use-account.ts';

export default function SettingsPreferencesRoute() {
  const account = useAccount();
  return <TradingPreferences account={account} />;
}
