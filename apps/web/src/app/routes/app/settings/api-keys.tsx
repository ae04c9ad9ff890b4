import { KeyRound } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state.tsx';

export default function SettingsApiKeysRoute() {
  return (
    <EmptyState
      icon={<KeyRound size={26} />}
      tag="Coming next"
      title="Exchange API keys arrive with exchange connectivity"
    >
      You will connect, rotate and remove your trade-only exchange keys here. Keys with transfer permission
      will be refused.
    </EmptyState>
  );
}
