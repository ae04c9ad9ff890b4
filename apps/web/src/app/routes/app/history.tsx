import { History } from 'lucide-react';
import { PlaceholderPage } from '../../placeholder-page.tsx';

export default function HistoryRoute() {
  return (
    <PlaceholderPage
      title="History"
      subtitle="Closed, cancelled and liquidated epics."
      icon={<History size={26} />}
      stateTitle="No closed epics yet"
    >
      When an epic's sell order fills it closes automatically and is listed here with its levels, average
      price, fees and profit.
    </PlaceholderPage>
  );
}
