import { ZTopMover } from '@cdca/contracts/coins.ts';
import { useRealtimeEvent } from '@/lib/realtime/realtime-context.ts';
import { topMoverNotification } from '../lib/notification-rules.ts';
import { notificationsStore } from '../lib/notifications-store.ts';

/** SPEC.md §4: a top-mover.created event becomes a notification only while topMoverAlerts is on. */
export const useTopMoverNotifications = (enabled: boolean) => {
  useRealtimeEvent('top-mover.created', (message) => {
    if (!enabled) return;
    const mover = ZTopMover.safeParse(message.event);
    if (mover.success) notificationsStore.add(topMoverNotification(mover.data, new Date()));
  });
};
