import { CANCELLATION_REASONS, type TCancellationReason } from '@cdca/contracts';

/** docs/product.md §3 cancellation reasons, as the trader reads them. */
export const CANCELLATION_REASON_LABELS: Readonly<Record<TCancellationReason, string>> = {
  'too-expensive': 'Too expensive',
  'lack-of-usage': "I don't use it enough",
  'technical-issues': 'Technical issues',
  'poor-user-experience': 'Poor user experience',
  'customer-support-issues': 'Customer support issues',
  'switching-to-competitor': 'Switching to another service',
  'payment-issues': 'Payment issues',
  'security-or-privacy-concerns': 'Security or privacy concerns',
};

export const CANCELLATION_REASON_OPTIONS = CANCELLATION_REASONS.map((reason) => ({
  reason,
  label: CANCELLATION_REASON_LABELS[reason],
}));
