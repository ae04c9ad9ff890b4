import {
  type TMarkNotificationsReadBody,
  type TNotificationList,
  ZMarkNotificationsRead,
} from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { refreshQueries } from '@/lib/react-query.ts';
import { markAllRead } from '../lib/notification-rules.ts';
import { notificationsQueryKey } from './get-notifications.ts';

export const markNotificationsRead = (body: TMarkNotificationsReadBody) =>
  apiRequest('/api/v1/notifications/read', { method: 'POST', body, schema: ZMarkNotificationsRead });

/**
 * What to send: the unread ids we hold, or nothing (= all of them) when some unread ones are older than the
 * page we loaded. Undefined when there is nothing to mark.
 */
export const markReadBody = (list: TNotificationList): TMarkNotificationsReadBody | undefined => {
  const ids = list.notifications.filter((notification) => !notification.read).map((n) => n.id);
  if (list.unread === 0 && ids.length === 0) return undefined;
  return list.unread > ids.length ? {} : { ids };
};

/** docs/product.md §4 read-on-open-or-close, for the server's notices: optimistic, re-read if the server refuses. */
export const useMarkNotificationsRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: () => {
      queryClient.setQueryData<TNotificationList>(notificationsQueryKey, (list) =>
        list ? { notifications: markAllRead(list.notifications), unread: 0 } : list,
      );
    },
    onError: () => void refreshQueries(queryClient, { queryKey: notificationsQueryKey }),
  });
};
