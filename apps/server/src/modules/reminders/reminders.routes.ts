import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, pageSchema, reminderSettingSchema, updateReminderSettingSchema } from '@rrp/domain';
import { listQuerySchema, toPage } from '../../platform/list';
import { reminderSettingList } from './reminders.lists';
import type { RemindersService } from './reminders.service';

/**
 * The settings of the reminders about stalled work (beyond the spec, issue 19, decision 273): when
 * each kind is due, how often it may repeat, and its e-mail.
 */
export const remindersRoutes: FastifyPluginAsyncZod<{ reminders: RemindersService }> = async (
  app,
  { reminders },
) => {
  const tags = ['reminders'];
  const access = (action: 'list' | 'read' | 'update') => ({
    access: { action, subject: 'ReminderSetting' as const },
  });

  app.get(
    '/api/reminder-setting/',
    {
      config: access('list'),
      schema: {
        tags,
        querystring: listQuerySchema(reminderSettingList),
        response: { 200: pageSchema(reminderSettingSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await reminders.listSettings(request.query);
      return toPage(request, list, count, results);
    },
  );

  app.get(
    '/api/reminder-setting/:id/',
    {
      config: access('read'),
      schema: { tags, params: idParamSchema, response: { 200: reminderSettingSchema } },
    },
    (request) => reminders.getSetting(request.params.id),
  );

  app.patch(
    '/api/reminder-setting/:id/',
    {
      config: access('update'),
      schema: {
        tags,
        description:
          'Changes when a kind of reminder is due (after_days), how often it may repeat for one item (every_days), whether it is sent, and its e-mail. Templates may use {name}, {count}, {days}, {items}, {link}, {product} and {link_profile}.',
        params: idParamSchema,
        body: updateReminderSettingSchema,
        response: { 200: reminderSettingSchema },
      },
    },
    (request) => reminders.updateSetting(request.actor!, request.params.id, request.body),
  );
};
