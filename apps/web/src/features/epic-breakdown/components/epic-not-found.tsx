import { SearchX } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';

/**
 * Another account's epic answers 404 exactly like a missing one (the server never says which), and a
 * malformed id answers 400; all three read the same to the trader.
 */
export const EpicNotFound = () => (
  <EmptyState
    icon={<SearchX size={26} />}
    title="Epic not found"
    actions={
      <>
        <ButtonLink to="/dashboard">Go to dashboard</ButtonLink>
        <ButtonLink to="/history" variant="secondary">
          See history
        </ButtonLink>
      </>
    }
  >
    There is no epic at this address in your account. It may have been mistyped, or it belongs to someone
    else.
  </EmptyState>
);
