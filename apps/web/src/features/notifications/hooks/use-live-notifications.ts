import { ZNotification, ZTopMover } from '@cdca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/realtime/realtime-context.ts';
import { addServerNotification } from '../api/get-notifications.ts';
import { toastNotification } from '../components/notification-toast.tsx';
import { topMoverNotification } from '../lib/notification-rules.ts';
import { notificationsStore } from '../lib/notifications-store.ts';

/**
 * New notices, live: the server's (epic closed, level hit — it already honours the alert settings) and top
 * movers (kept client-side, only while topMoverAlerts is on, docs/product.md §4). Each new one also pops a toast.
 * Mount once, in the signed-in layout.
 */
export const useLiveNotifications = (topMoverAlerts: boolean) => {
  const queryClient = useQueryClient();

  useRealtimeEvent('notification.created', (message) => {
    const notification = ZNotification.safeParse(message.event);
    if (!notification.success) return;
    if (addServerNotification(queryClient, notification.data)) toastNotification(notification.data);
  });

  useRealtimeEvent('top-mover.created', (message) => {
    if (!topMoverAlerts) return;
    const mover = ZTopMover.safeParse(message.event);
    if (!mover.success) return;
    const notice = topMoverNotification(mover.data, new Date());
    if (notificationsStore.get().some((existing) => existing.id === notice.id)) return;
    notificationsStore.add(notice);
    toastNotification(notice);
  });
};
