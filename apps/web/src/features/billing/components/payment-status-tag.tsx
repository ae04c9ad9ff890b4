import type { TPaymentStatus } from '@cdca/contracts';
import { Tag, type TagTone } from '@/components/ui/tag.tsx';

const LOOK: Record<TPaymentStatus, { tone: TagTone; label: string }> = {
  pending: { tone: 'amber', label: 'Pending' },
  posted: { tone: 'blue', label: 'Confirming' },
  paid: { tone: 'green', label: 'Paid' },
  'past-due': { tone: 'red', label: 'Past due' },
  expired: { tone: 'neutral', label: 'Expired' },
};

export type PaymentStatusTagProps = { status: TPaymentStatus };

export const PaymentStatusTag = ({ status }: PaymentStatusTagProps) => (
  <Tag tone={LOOK[status].tone}>{LOOK[status].label}</Tag>
);
