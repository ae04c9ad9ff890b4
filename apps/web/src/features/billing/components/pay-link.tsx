import { ExternalLink } from 'lucide-react';
import { type ButtonSize, buttonClassName } from '@/components/ui/button.tsx';

export type PayLinkProps = {
  url: string;
  amount: string;
  size?: ButtonSize;
  block?: boolean;
  label?: string;
};

/**
 * The hosted charge page, in this tab: it sends the trader back to `/?pid=…`, where the payment's status is
 * checked (docs/product.md §4).
 */
export const PayLink = ({ url, amount, size = 'lg', block = false, label }: PayLinkProps) => (
  <a className={buttonClassName('primary', size, block)} href={url}>
    {label ?? `Pay ${amount}`}
    <ExternalLink size={16} aria-hidden="true" />
  </a>
);
