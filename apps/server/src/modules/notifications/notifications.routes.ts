import {
  ZListNotificationsQuery,
  ZMarkNotificationsRead,
  ZMarkNotificationsReadBody,
  ZNotificationList,
} from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { NotificationsService } from './notifications.service.ts';

/** The caller's own notices: listed newest first and marked read (all, or the ids given). */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsService;
  notifications: NotificationsService;
}> = async (app, { accounts, notifications }) => {
  app.get(
    '/notifications',
    { schema: { querystring: ZListNotificationsQuery, response: { 200: ZNotificationList } } },
    async (request) => {
      const caller = await accounts.requireCaller(authOf(request));
      return notifications.list(caller.id, request.query);
    },
  );

  app.post(
    '/notifications/read',
    { schema: { body: ZMarkNotificationsReadBody, response: { 200: ZMarkNotificationsRead } } },
    async (request) => {
      const caller = await accounts.requireCaller(authOf(request));
      return notifications.markRead(caller.id, request.body ?? {});
    },
  );
};
