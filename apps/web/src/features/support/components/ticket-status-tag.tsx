import type { TSupportTicketStatus } from '@cdca/contracts';
import { Tag } from '@/components/ui/tag.tsx';
import { STATUS_LABELS } from '../lib/ticket-labels.ts';

export const TicketStatusTag = ({ status }: { status: TSupportTicketStatus }) => (
  <Tag tone={STATUS_LABELS[status].tone}>{STATUS_LABELS[status].label}</Tag>
);
