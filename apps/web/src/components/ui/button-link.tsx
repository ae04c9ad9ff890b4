import { Link, type LinkProps } from 'wouter';
import { type ButtonSize, type ButtonVariant, buttonClassName } from './button.tsx';

export type ButtonLinkProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize; block?: boolean };

/** A router link that looks like a button. */
export const ButtonLink = ({ variant, size, block, className, ...rest }: ButtonLinkProps) => (
  <Link className={[buttonClassName(variant, size, block), className].filter(Boolean).join(' ')} {...rest} />
);
