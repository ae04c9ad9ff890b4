import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext } from 'react';

/**
 * Moves to `href` inside the running app and answers true, or answers false to let the browser load it.
 * The public site and the account app each provide their own; without one, links load pages normally.
 */
export type PublicNavigate = (href: string) => boolean;

export const PublicNavigationContext = createContext<PublicNavigate | null>(null);

export type PublicLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

const opensElsewhere = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button !== 0 ||
  event.metaKey ||
  event.ctrlKey ||
  event.shiftKey ||
  event.altKey ||
  (event.currentTarget.target !== '' && event.currentTarget.target !== '_self');

/** A link between public pages that works in both apps, without tying the shared layout to a router. */
export const PublicLink = ({ href, onClick, ...rest }: PublicLinkProps) => {
  const navigate = useContext(PublicNavigationContext);
  return (
    <a
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !navigate || opensElsewhere(event)) return;
        if (navigate(href)) event.preventDefault();
      }}
      {...rest}
    />
  );
};
