import { SHAREABLE_EPIC_STATUSES } from '@cdca/contracts';
import { useParams } from 'wouter';
import { EpicBreakdown } from '@/features/epic-breakdown/components/epic-breakdown.tsx';
import { ShareButton } from '@/features/shares/components/share-button.tsx';

const shareable = (status: string) => (SHAREABLE_EPIC_STATUSES as readonly string[]).includes(status);

export default function EpicRoute() {
  const { epicId = '' } = useParams();
  return (
    <EpicBreakdown
      key={epicId}
      epicId={epicId}
      shareAction={(epic) =>
        shareable(epic.status) ? (
          <ShareButton target={{ kind: 'epic', epicId: epic.id }} subject={`this ${epic.coinSymbol} epic`} />
        ) : null
      }
    />
  );
}
