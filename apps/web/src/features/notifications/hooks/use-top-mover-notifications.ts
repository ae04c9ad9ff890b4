import { useLiveNotifications } from './use-live-notifications.ts';

/** The name the signed-in layout already calls; it now also brings the server's epic notices in live. */
export const useTopMoverNotifications = (topMoverAlerts: boolean) => useLiveNotifications(topMoverAlerts);
