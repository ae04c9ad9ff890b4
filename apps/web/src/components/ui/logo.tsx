import styles from './logo.module.css';

export type LogoProps = {
  /** Show the "CDCA" wordmark beside the mark. */
  withWordmark?: boolean;
  size?: number;
};

/** The CDCA mark: a price line stepping down through DCA levels and recovering to a take-profit. */
export const Logo = ({ withWordmark = true, size = 28 }: LogoProps) => (
  <span className={styles.logo}>
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#131722" stroke="#262c3d" />
      <path
        d="M5 9 L10 14 L14 12 L18 18 L27 10"
        fill="none"
        stroke="#22c55e"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="10" cy="14" r="1.7" fill="#e6e8ee" />
      <circle cx="18" cy="18" r="1.7" fill="#e6e8ee" />
      <path d="M5 24 H27" stroke="#262c3d" strokeWidth="1.5" strokeDasharray="2 2.5" />
    </svg>
    {withWordmark ? (
      <span className={styles.wordmark}>CDCA</span>
    ) : (
      <span className="visually-hidden">CDCA</span>
    )}
  </span>
);
