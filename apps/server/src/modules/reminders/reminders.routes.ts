import { idParamSchema, reminderSettingSchema, updateReminderSettingSchema } from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { listRoute } from '../../platform/list';
import { reminderSettingList } from './reminders.lists';
import type { RemindersService } from './reminders.service';

/**
 * The settings of the reminders about stalled work (beyond the spec, issue 19, decision 273): when
 * each kind is due, how often it may repeat, and its e-mail.
 */
export const remindersRoutes = routes<{ reminders: RemindersService }>(['reminders'], ({ reminders }) => [
  listRoute({
    url: '/api/reminder-setting/',
    access: allow('list', 'ReminderSetting'),
    list: reminderSettingList,
    item: reminderSettingSchema,
    load: ({ query }) => reminders.listSettings(query),
  }),
  route({
    method: 'GET',
    url: '/api/reminder-setting/:id/',
    access: allow('read', 'ReminderSetting'),
    params: idParamSchema,
    response: reminderSettingSchema,
    handle: ({ params }) => reminders.getSetting(params.id),
  }),
  route({
    method: 'PATCH',
    url: '/api/reminder-setting/:id/',
    description:
      'Changes when a kind of reminder is due (after_days), how often it may repeat for one item (every_days), whether it is sent, and its e-mail. Templates may use {name}, {count}, {days}, {items}, {link}, {product} and {link_profile}.',
    access: allow('update', 'ReminderSetting'),
    params: idParamSchema,
    body: updateReminderSettingSchema,
    response: reminderSettingSchema,
    handle: ({ actor, params, body }) => reminders.updateSetting(actor, params.id, body),
  }),
]);
