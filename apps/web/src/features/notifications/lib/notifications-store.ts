import { useSyncExternalStore } from 'react';
import { addNotification, markAllRead, type TTopMoverNotification } from './notification-rules.ts';

/** Top-mover notices (client side, docs/product.md §3): kept in memory for the session, shared by every bell. */
let list: TTopMoverNotification[] = [];
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

export const notificationsStore = {
  get: (): TTopMoverNotification[] => list,
  add: (notification: TTopMoverNotification) => {
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

export const useNotifications = (): TTopMoverNotification[] =>
  useSyncExternalStore(notificationsStore.subscribe, notificationsStore.get);
