import { useSyncExternalStore } from 'react';
import { addNotification, markAllRead, type TNotification } from './notification-rules.ts';

/** Client-side notifications (SPEC.md §3): kept in memory for the session, shared by every bell. */
let list: TNotification[] = [];
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

export const notificationsStore = {
  get: (): TNotification[] => list,
  add: (notification: TNotification) => {
    const next = addNotification(list, notification);
    if (next.length === list.length && next[0] === list[0]) return;
    list = next;
    emit();
  },
  markAllRead: () => {
    if (list.every((notification) => notification.read)) return;
    list = markAllRead(list);
    emit();
  },
  /** Tests only. */
  reset: () => {
    list = [];
    emit();
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export const useNotifications = (): TNotification[] =>
  useSyncExternalStore(notificationsStore.subscribe, notificationsStore.get);
