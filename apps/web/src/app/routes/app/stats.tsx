import { ChartColumn } from 'lucide-react';
import { PlaceholderPage } from '../../placeholder-page.tsx';

export default function StatsRoute() {
  return (
    <PlaceholderPage
      title="Stats"
      subtitle="Profit, volume and win rate across your epics."
      icon={<ChartColumn size={26} />}
      stateTitle="Stats start with your first closed epic"
    >
      Profit over time, traded volume and a shareable stats report will be built from your closed epics.
    </PlaceholderPage>
  );
}
