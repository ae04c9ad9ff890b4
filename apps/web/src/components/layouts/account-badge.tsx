import styles from './app-shell.module.css';

export type AccountSummary = {
  name: string;
  email: string;
  photo: string | null;
  isOwner: boolean;
  /** Partners see Partners in the navigation. */
  isPartner?: boolean;
};

export type AccountBadgeProps = { account: AccountSummary };

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('') || '?';

/** Avatar (photo or initials), name and e-mail. */
export const AccountBadge = ({ account }: AccountBadgeProps) => (
  <div className={styles.account}>
    {account.photo ? (
      <img className={styles.avatar} src={account.photo} alt="" width={36} height={36} />
    ) : (
      <span className={styles.avatar} aria-hidden="true">
        {initialsOf(account.name)}
      </span>
    )}
    <span className={styles.accountText}>
      <span className={styles.accountName}>{account.name}</span>
      <span className={styles.accountEmail}>{account.email}</span>
    </span>
  </div>
);
