import { profitTone } from '@/lib/epics/epic-figures.ts';
import { toast } from '@/lib/toast.ts';
import type { TNotification } from '../lib/notification-rules.ts';
import { NotificationText } from './notification-text.tsx';

/** The toast kind says at a glance what happened; the ToastContainer (docs/product.md §2) does the rest. */
const kindOf = (notification: TNotification) => {
  if (notification.type === 'epic_closed') {
    return profitTone(notification.epicProfits) === 'down' ? 'error' : 'success';
  }
  return notification.type === 'top_mover' ? 'default' : 'info';
};

/** One toast per new notice; the id makes a replayed event show at most one. */
export const toastNotification = (notification: TNotification) => {
  toast(<NotificationText notification={notification} />, {
    toastId: `notice-${notification.id}`,
    type: kindOf(notification),
  });
};
