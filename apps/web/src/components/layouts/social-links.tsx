import styles from './social-links.module.css';

export type SocialLinksProps = { microblog: string; videoChannel: string; discordInvite: string };

export type MarkProps = { size?: number };

// Brand marks are drawn here because icon sets no longer ship trademarks.
export const XMark = ({ size = 18 }: MarkProps) => (
  <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" fill="currentColor">
    <path d="M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z" />
  </svg>
);

export const VideoMark = ({ size = 18 }: MarkProps) => (
  <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" fill="currentColor">
    <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8ZM10 15V9l5.2 3-5.2 3Z" />
  </svg>
);

export const ChatMark = ({ size = 18 }: MarkProps) => (
  <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" fill="currentColor">
    <path d="M19.3 5.3A16.6 16.6 0 0 0 15.2 4l-.5 1a15.4 15.4 0 0 0-5.4 0l-.5-1a16.6 16.6 0 0 0-4.1 1.3C2.1 9.2 1.4 13 1.7 16.7a16.8 16.8 0 0 0 5 2.5l1.1-1.7c-.6-.2-1.2-.5-1.7-.8l.4-.3a11.9 11.9 0 0 0 11 0l.4.3c-.5.3-1.1.6-1.7.8l1.1 1.7a16.7 16.7 0 0 0 5-2.5c.4-4.3-.7-8-3-11.4ZM8.5 14.5c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Zm7 0c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Z" />
  </svg>
);

/** The microblog, video channel and community chat links (docs/product.md §2 main navigation). */
export const SocialLinks = ({ microblog, videoChannel, discordInvite }: SocialLinksProps) => {
  const links = [
    { href: microblog, label: 'CDCA on X', Mark: XMark },
    { href: videoChannel, label: 'CDCA video channel', Mark: VideoMark },
    { href: discordInvite, label: 'CDCA community on Discord', Mark: ChatMark },
  ];
  return (
    <ul className={styles.list}>
      {links.map(({ href, label, Mark }) => (
        <li key={label}>
          <a className={styles.link} href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
            <Mark />
          </a>
        </li>
      ))}
    </ul>
  );
};
