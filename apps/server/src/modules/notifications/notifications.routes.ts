import {
  createNotificationSchema,
  notificationCreatedSchema,
  notificationSchema,
  pageSchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { objectRoutes, pagingQuerySchema, toPage } from '../../platform/list';
import type { NotificationsService } from './notifications.service';

const notification = objectRoutes('/api/notification/', 'Notification', notificationSchema, undefined, {
  table: 'notifications',
});

export const notificationsRoutes = routes<{ notifications: NotificationsService }>(
  ['notifications'],
  ({ notifications }) => [
    route({
      method: 'GET',
      url: '/api/notification/',
      access: allow('list', 'Notification'),
      query: pagingQuerySchema,
      response: pageSchema(notificationSchema),
      handle: async ({ actor, query, request }) => {
        const { count, results } = await notifications.list(actor, query);
        return toPage(request, query, count, results);
      },
    }),
    notification.read(({ actor, params }) => notifications.get(actor, params.id)),
    notification.remove(({ actor, params }) => notifications.remove(actor, params.id)),
    notification.create({
      description:
        'An error report (task_name error_report), or a notification staff send to users (recipient_id) and groups (recipient_groups): task_name release_note with fields.version, or message with fields.message and an optional fields.redirect.',
      // Error reports are open to everyone signed in; other tasks need StaffNotification.create.
      body: createNotificationSchema,
      response: notificationCreatedSchema,
      handle: ({ actor, body }) => notifications.create(actor, body),
    }),
  ],
);
