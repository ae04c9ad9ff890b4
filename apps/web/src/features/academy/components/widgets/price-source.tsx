import { formatPrice } from '@/lib/format/number.ts';
import styles from '../academy.module.css';

export type PriceSource = 'lesson' | 'live';

export type PriceSourceProps = {
  pinned: string | undefined;
  live: string | undefined;
  source: PriceSource;
  onChange: (source: PriceSource) => void;
};

/**
 * The lesson quotes its figures at a pinned price; the live best ask shows what the same ladder would place now.
 * Both plan through the same planEpic, so switching changes only the reference price.
 */
export const PriceSourceSwitch = ({ pinned, live, source, onChange }: PriceSourceProps) => (
  <fieldset className={styles.segmented} aria-label="Reference price">
    {pinned ? (
      <button type="button" aria-pressed={source === 'lesson'} onClick={() => onChange('lesson')}>
        Lesson price <span>{formatPrice(pinned)}</span>
      </button>
    ) : null}
    <button type="button" aria-pressed={source === 'live'} disabled={!live} onClick={() => onChange('live')}>
      Live price <span>{live ? formatPrice(live) : '…'}</span>
    </button>
  </fieldset>
);

/** The reference price a widget plans from: the live ask when chosen (or nothing is pinned), else the lesson's. */
export const referencePrice = (source: PriceSource, pinned: string | undefined, live: string): string =>
  source === 'lesson' && pinned ? pinned : live;
