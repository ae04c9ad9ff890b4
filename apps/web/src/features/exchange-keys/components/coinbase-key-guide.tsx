import { ShieldCheck } from 'lucide-react';
import { Card } from '@/components/ui/card.tsx';
import { Tag } from '@/components/ui/tag.tsx';
import styles from './exchange-keys.module.css';

/** How to create a Coinbase CDP key that can view and trade but never move funds. */
export const CoinbaseKeyGuide = () => (
  <Card as="section" aria-labelledby="key-guide-title">
    <div className={styles.cardHead}>
      <h2 id="key-guide-title" className={styles.cardTitle}>
        Create a Coinbase API key
      </h2>
      <Tag>About 2 minutes</Tag>
    </div>
    <ol className={styles.guide}>
      <li>
        <span>
          Sign in to the <strong>Coinbase Developer Platform</strong> (portal.cdp.coinbase.com) with your
          Coinbase account and open <strong>API keys → Create API key</strong>.
        </span>
      </li>
      <li>
        <span>
          Name it <strong>CDCA</strong> and choose the <strong>portfolio</strong> CDCA should trade in.
        </span>
      </li>
      <li>
        <span>
          Under <strong>Advanced settings</strong>, set the permissions:
          <span className={styles.permRow}>
            <Tag tone="green">View ✓</Tag>
            <Tag tone="green">Trade ✓</Tag>
            <Tag tone="red">Transfer ✗</Tag>
          </span>
        </span>
      </li>
      <li>
        <span>
          Keep the signature algorithm on <strong>ECDSA</strong> (Ed25519 keys work too), create the key and
          copy the <strong>API key name</strong> and the <strong>private key</strong> into the form below.
        </span>
      </li>
    </ol>
    <p className={styles.why}>
      <ShieldCheck size={18} aria-hidden="true" />
      <span>
        <strong>Why no transfer?</strong> CDCA only places and cancels orders. A key without the Transfer
        permission can never move funds out of your account — so we refuse any key that has it.
      </span>
    </p>
  </Card>
);
