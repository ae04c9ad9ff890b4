import { MessagesSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClassName } from '@/components/ui/button.tsx';
import styles from './support.module.css';
import { SupportForm } from './support-form.tsx';

export type SupportPanelsProps = { faqSearch: ReactNode; chatHref: string };

/** The public support page's body: the FAQ search beside the contact form and the community link. */
export const SupportPanels = ({ faqSearch, chatHref }: SupportPanelsProps) => (
  <div className={styles.layout}>
    {faqSearch}
    <div className={styles.aside}>
      <section className={styles.panel} aria-labelledby="contact-title">
        <h2 id="contact-title" className={styles.panelTitle}>
          Write to us
        </h2>
        <p className={styles.panelText}>
          Signed in? Your message is linked to your account, so we can look into it straight away.
        </p>
        <SupportForm />
      </section>
      <section className={styles.panel} aria-labelledby="chat-title">
        <h2 id="chat-title" className={styles.panelTitle}>
          Ask the community
        </h2>
        <p className={styles.panelText}>
          Traders and the team answer in our chat server, often within minutes.
        </p>
        <a className={buttonClassName('secondary')} href={chatHref} target="_blank" rel="noopener noreferrer">
          <MessagesSquare size={18} aria-hidden="true" /> Open the chat server
        </a>
      </section>
    </div>
  </div>
);
