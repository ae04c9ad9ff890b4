import { LayoutDashboard } from 'lucide-react';
import { PlaceholderPage } from '../../placeholder-page.tsx';

export default function DashboardRoute() {
  return (
    <PlaceholderPage
      title="Dashboard"
      subtitle="Your live epics, watchlist and top movers."
      icon={<LayoutDashboard size={26} />}
      stateTitle="Your epics will appear here once exchange connectivity ships"
    >
      Live epics with their filled levels, average buy price and take-profit, plus your coin watchlist and
      today's top movers, will show here as soon as CDCA can connect to your exchange.
    </PlaceholderPage>
  );
}
