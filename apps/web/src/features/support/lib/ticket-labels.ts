import type { TSupportTicketStatus, TSupportTopic } from '@cdca/contracts';
import type { TagTone } from '@/components/ui/tag.tsx';

/** The topics of the contract (SUPPORT_TOPICS), labelled; the record type keeps the two lists in step. */
export const TOPIC_LABELS: Record<TSupportTopic, string> = {
  account: 'My account or sign-in',
  billing: 'Billing and payments',
  epics: 'Epics and trading',
  'exchange-keys': 'Exchange account and API keys',
  partners: 'Partner programme',
  other: 'Something else',
};

/** Short topic names for lists, where the long labels would wrap. */
export const TOPIC_SHORT: Record<TSupportTopic, string> = {
  account: 'Account',
  billing: 'Billing',
  epics: 'Epics',
  'exchange-keys': 'API keys',
  partners: 'Partners',
  other: 'Other',
};

export const STATUS_LABELS: Record<TSupportTicketStatus, { label: string; tone: TagTone }> = {
  open: { label: 'Open', tone: 'blue' },
  answered: { label: 'Answered', tone: 'green' },
  closed: { label: 'Closed', tone: 'neutral' },
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** '4 min ago', '3 h ago', '2 d ago', then the date: when a ticket last moved. */
export const lastActivityLabel = (iso: string, now: Date): string => {
  const elapsed = now.getTime() - new Date(iso).getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)} d ago`;
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
};

/** A duration in seconds as the queue shows it: '45 s', '12 min', '3 h 20 min', '2 d 4 h'. */
export const durationLabel = (seconds: number): string => {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
};

/** A message's time: the clock today, the date before. */
export const messageTimeLabel = (iso: string, now: Date): string => {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay
    ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
};
