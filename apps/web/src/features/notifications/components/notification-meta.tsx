import styles from './notifications-bell.module.css';

export type NotificationMetaProps = { unread: boolean; kind: string; createdAt: string };

const sameDay = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const otherDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const timeOf = (iso: string) => {
  const date = new Date(iso);
  return date.toDateString() === new Date().toDateString() ? sameDay.format(date) : otherDay.format(date);
};

/** The unread dot, what kind of notice it is, and when. */
export const NotificationMeta = ({ unread, kind, createdAt }: NotificationMetaProps) => (
  <p className={styles.itemMeta}>
    {unread ? (
      <>
        <span className={styles.dot} aria-hidden="true" />
        <span className="visually-hidden">Unread</span>
      </>
    ) : null}
    {kind} · <time dateTime={createdAt}>{timeOf(createdAt)}</time>
  </p>
);
