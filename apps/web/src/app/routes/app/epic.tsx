import { CandlestickChart } from 'lucide-react';
import { useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { PlaceholderPage } from '../../placeholder-page.tsx';

export default function EpicRoute() {
  const { epicId = '' } = useParams();
  return (
    <PlaceholderPage
      title="Epic breakdown"
      subtitle={`Epic ${epicId.slice(-4) || '—'}`}
      icon={<CandlestickChart size={26} />}
      stateTitle="Epic details arrive with exchange connectivity"
      actions={
        <ButtonLink to="/dashboard" variant="secondary">
          Back to dashboard
        </ButtonLink>
      }
    >
      Each epic will show its price chart, DCA levels, fills, average buy price and take-profit live.
    </PlaceholderPage>
  );
}
