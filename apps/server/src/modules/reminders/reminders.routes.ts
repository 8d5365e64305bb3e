import { reminderSettingSchema, updateReminderSettingSchema } from '@rrp/domain';
import { routes } from '../../platform/http/route';
import { objectRoutes } from '../../platform/list';
import { reminderSettingList } from './reminders.lists';
import type { RemindersService } from './reminders.service';

const setting = objectRoutes('/api/reminder-setting/', 'ReminderSetting', reminderSettingSchema, undefined, {
  table: 'reminder_settings',
  history: 'reminder_setting',
});

/**
 * The settings of the reminders about stalled work (beyond the spec, issue 19, decision 273): when
 * each kind is due, how often it may repeat, and its e-mail.
 */
export const remindersRoutes = routes<{ reminders: RemindersService }>(['reminders'], ({ reminders }) => [
  setting.list({ list: reminderSettingList, load: ({ query }) => reminders.listSettings(query) }),
  setting.read(({ params }) => reminders.getSetting(params.id)),
  setting.update({
    description:
      'Changes when a kind of reminder is due (after_days), how often it may repeat for one item (every_days), whether it is sent, and its e-mail. Templates may use {name}, {count}, {days}, {items}, {link}, {product} and {link_profile}.',
    body: updateReminderSettingSchema,
    handle: ({ actor, params, body }) => reminders.updateSetting(actor, params.id, body),
  }),
]);
