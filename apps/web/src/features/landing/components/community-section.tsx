import type { TRuntimeConfig } from '@cdca/contracts/runtime-config.ts';
import { MessagesSquare, Newspaper, PlayCircle } from 'lucide-react';
import styles from './landing.module.css';

export type CommunitySectionProps = { links: TRuntimeConfig['links'] };

export const CommunitySection = ({ links }: CommunitySectionProps) => {
  const items = [
    {
      href: links.discordInvite,
      icon: MessagesSquare,
      title: 'Chat server',
      text: 'Ask questions, share epics, get beta access.',
    },
    {
      href: links.microblog,
      icon: Newspaper,
      title: 'Social feed',
      text: 'Releases, top movers and product news.',
    },
    {
      href: links.videoChannel,
      icon: PlayCircle,
      title: 'Video channel',
      text: 'Walkthroughs and strategy tutorials.',
    },
  ];
  return (
    <section id="community" className={styles.section} aria-labelledby="community-title">
      <span className={styles.eyebrow}>Community</span>
      <h2 id="community-title" className={styles.h2}>
        Trade alongside other DCA traders
      </h2>
      <div className={styles.grid3}>
        {items.map(({ href, icon: Icon, title, text }) => (
          <a key={title} className={styles.tile} href={href} target="_blank" rel="noopener noreferrer">
            <span className={styles.tileIcon} aria-hidden="true">
              <Icon size={20} />
            </span>
            <span className={styles.tileTitle} style={{ color: 'var(--text)' }}>
              {title}
            </span>
            <span className={styles.tileText}>{text}</span>
          </a>
        ))}
      </div>
    </section>
  );
};
