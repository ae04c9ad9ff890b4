import { type TNotification, type TNotificationList, ZNotificationList } from '@cdca/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { addNotification } from '../lib/notification-rules.ts';

export const notificationsQueryKey = ['notifications'] as const;

/** The newest 50 server notices and the count of every unread one. */
export const getNotifications = (): Promise<TNotificationList> =>
  apiRequest('/api/v1/notifications', { query: { limit: 50 }, schema: ZNotificationList });

/** notification.created keeps this current, so it is read once per session, not on a timer. */
export const getNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: getNotifications,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useServerNotifications = () => useQuery(getNotificationsQueryOptions());

/** A notice that just arrived goes on top and counts as unread, once. */
export const addServerNotification = (queryClient: QueryClient, notification: TNotification): boolean => {
  const current = queryClient.getQueryData<TNotificationList>(notificationsQueryKey);
  if (!current) return true;
  if (current.notifications.some((existing) => existing.id === notification.id)) return false;
  queryClient.setQueryData<TNotificationList>(notificationsQueryKey, {
    notifications: addNotification(current.notifications, notification),
    unread: current.unread + (notification.read ? 0 : 1),
  });
  return true;
};
