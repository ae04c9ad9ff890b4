import { useState } from 'react';
import styles from './coin-avatar.module.css';

export type CoinAvatarProps = { photo: string | undefined; symbol: string; size?: number };

/** The coin's icon, or its first letters when the icon is missing or fails to load. */
export const CoinAvatar = ({ photo, symbol, size = 32 }: CoinAvatarProps) => {
  const [failed, setFailed] = useState(false);
  const letters = symbol.split('-')[0]?.slice(0, 3) ?? '?';
  return (
    <span
      className={styles.avatar}
      style={{ width: size, height: size, fontSize: Math.max(9, size * 0.3) }}
      aria-hidden="true"
    >
      {photo && !failed ? (
        <img src={photo} alt="" width={size} height={size} loading="lazy" onError={() => setFailed(true)} />
      ) : (
        letters
      )}
    </span>
  );
};
