import { CoinAvatar } from '@/components/ui/coin-avatar.tsx';
import { shortEpicId } from '@/lib/epics/epic-identity.ts';
import { baseSymbol } from '@/lib/format/coin-symbol.ts';
import styles from './epic.module.css';

export type EpicIdentityProps = {
  epicId: string;
  /** The product, e.g. 'SOL-USD'. */
  coinSymbol: string;
  coinName?: string;
  photo?: string;
  size?: 'sm' | 'md' | 'lg';
};

const AVATAR = { sm: 24, md: 32, lg: 44 } as const;

/**
 * Coin and epic id as docs/product.md §4 prescribes: the symbol before the dash and the short id in brackets,
 * 'SOL[ab12]'. The full id is the title so a trader can quote it to support.
 */
export const EpicIdentity = ({ epicId, coinSymbol, coinName, photo, size = 'md' }: EpicIdentityProps) => (
  <span className={`${styles.identity} ${styles[size]}`} title={`Epic ${epicId}`}>
    <CoinAvatar photo={photo} symbol={coinSymbol} size={AVATAR[size]} />
    <span className={styles.identityText}>
      <span className={styles.identityLine}>
        <span className={styles.coin}>{baseSymbol(coinSymbol)}</span>
        <span className={styles.shortId}>[{shortEpicId(epicId)}]</span>
      </span>
      {coinName && size !== 'sm' ? <span className={styles.coinName}>{coinName}</span> : null}
    </span>
  </span>
);
