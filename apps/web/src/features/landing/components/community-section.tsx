import type { TRuntimeConfig } from '@cdca/contracts';
import { ChatMark, VideoMark, XMark } from '@/components/layouts/social-links.tsx';
import styles from './community.module.css';
import shared from './landing.module.css';

export type CommunitySectionProps = { links: TRuntimeConfig['links'] };

/** docs/product.md §1: the chat server, the social feed and the video channel, addresses from the runtime config. */
export const CommunitySection = ({ links }: CommunitySectionProps) => {
  const channels = [
    {
      href: links.discordInvite,
      Mark: ChatMark,
      tone: styles.chat,
      title: 'Community chat server',
      text: 'Get beta access, compare epics with other traders and ask the team anything.',
      cta: 'Join the server',
    },
    {
      href: links.microblog,
      Mark: XMark,
      tone: styles.feed,
      title: 'Social feed',
      text: 'Release notes, top movers of the day and what the community is trading.',
      cta: 'Follow the feed',
    },
    {
      href: links.videoChannel,
      Mark: VideoMark,
      tone: styles.video,
      title: 'Video channel',
      text: 'Walkthroughs from your first epic to advanced scaling, load and stop settings.',
      cta: 'Watch the tutorials',
    },
  ];
  return (
    <section id="community" tabIndex={-1} className={shared.section} aria-labelledby="community-title">
      <div className={`${shared.head} ${shared.centered}`}>
        <span className={shared.eyebrow}>Community</span>
        <h2 id="community-title" className={shared.h2}>
          Trade alongside <em>other DCA traders</em>
        </h2>
        <p className={shared.lead}>Beta access, strategy talk and tutorials live where the traders are.</p>
      </div>
      <div className={styles.grid}>
        {channels.map(({ href, Mark, tone, title, text, cta }) => (
          <a
            key={title}
            className={`${styles.tile} ${tone}`}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
          >
            <span className={styles.mark} aria-hidden="true">
              <Mark size={26} />
            </span>
            <span className={styles.title}>{title}</span>
            <span className={styles.text}>{text}</span>
            <span className={styles.cta}>
              {cta} <span aria-hidden="true">→</span>
              <span className="visually-hidden"> (opens in a new tab)</span>
            </span>
          </a>
        ))}
      </div>
    </section>
  );
};
