import { SUPPORT_TICKET_STATUSES, SUPPORT_TOPICS, type TAdminSupportQuery } from '@cdca/contracts';
import { useSearchParams } from 'wouter';
import { OwnerQueue } from '@/features/support/components/owner/owner-queue.tsx';

const oneOf = <Value extends string>(values: readonly Value[], value: string | null): Value | undefined =>
  values.find((candidate) => candidate === value);

/** /admin/support: the owner's queue; the filters and the chosen ticket live in the address, so a link keeps them. */
export default function AdminSupportRoute() {
  const [params, setParams] = useSearchParams();
  const query: TAdminSupportQuery = {
    status: oneOf(SUPPORT_TICKET_STATUSES, params.get('status')),
    topic: oneOf(SUPPORT_TOPICS, params.get('topic')),
  };
  const selectedId = params.get('ticket') ?? undefined;
  const update = (next: { status?: string; topic?: string; ticket?: string }) => {
    const merged = { status: query.status, topic: query.topic, ticket: selectedId, ...next };
    setParams(
      Object.fromEntries(
        Object.entries(merged).filter((entry): entry is [string, string] => Boolean(entry[1])),
      ),
    );
  };
  return (
    <OwnerQueue
      query={query}
      onQueryChange={(next) => update({ status: next.status, topic: next.topic })}
      selectedId={selectedId}
      onSelect={(ticket) => update({ ticket })}
    />
  );
}
