import { reminderSettings } from '../../db/schema';
import type { ListSpec } from '../../platform/list';

/** GET reminder-setting/: the reminders' settings, one per kind. */
export const reminderSettingList: ListSpec = {
  id: reminderSettings.id,
  filters: {
    enabled: { type: 'bool', column: reminderSettings.enabled },
    kind: { type: 'text', column: reminderSettings.kind },
  },
  ordering: { id: reminderSettings.id, kind: reminderSettings.kind },
  defaultOrdering: ['id'],
};
