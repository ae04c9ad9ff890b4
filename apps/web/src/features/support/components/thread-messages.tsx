import type { TSupportMessage } from '@cdca/contracts';
import { messageTimeLabel } from '../lib/ticket-labels.ts';
import styles from './support-threads.module.css';

export type ThreadMessagesProps = {
  messages: readonly TSupportMessage[];
  /** Whose screen this is: their own messages sit on the right. */
  viewer: 'trader' | 'owner';
  /** What the trader's messages are signed with on the owner's screen (their e-mail). */
  traderName: string;
  now: Date;
};

/** A ticket's thread, oldest first, as a conversation. */
export const ThreadMessages = ({ messages, viewer, traderName, now }: ThreadMessagesProps) => (
  <ol className={styles.thread} aria-label="Messages">
    {messages.map((message) => {
      const mine = message.author === viewer;
      const who = message.author === 'owner' ? 'CDCA Support' : viewer === 'trader' ? 'You' : traderName;
      return (
        <li key={message.id} className={styles.message} data-author={message.author} data-mine={mine}>
          <div className={styles.messageHead}>
            <span className={styles.messageAuthor}>{who}</span>
            <time dateTime={message.createdAt}>{messageTimeLabel(message.createdAt, now)}</time>
          </div>
          <p className={styles.messageBody}>{message.body}</p>
        </li>
      );
    })}
  </ol>
);
