import { shortHex, txUrl } from '../lib/partner-format.ts';
import styles from './partners.module.css';

export type TxHashLinkProps = { hash: string };

/** A paid payout's transaction, shortened, opening where anyone can check it. */
export const TxHashLink = ({ hash }: TxHashLinkProps) => (
  <a className={styles.mono} href={txUrl(hash)} target="_blank" rel="noreferrer" title={hash}>
    {shortHex(hash)}
  </a>
);
