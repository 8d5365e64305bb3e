import type { ListSpec } from '../../platform/list';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';

/** GET webhook/: the registered endpoints, newest first. */
export const webhookList: ListSpec = {
  id: webhookEndpoints.id,
  filters: {
    active: { type: 'bool', column: webhookEndpoints.active },
  },
  ordering: { created: webhookEndpoints.created, id: webhookEndpoints.id, url: webhookEndpoints.url },
  defaultOrdering: ['-created', '-id'],
  search: [webhookEndpoints.url, webhookEndpoints.description],
};

/** GET webhook_delivery/: the delivery log, newest first, usually of one endpoint. */
export const webhookDeliveryList: ListSpec = {
  id: webhookDeliveries.id,
  filters: {
    endpoint: { type: 'int', column: webhookDeliveries.endpointId, lookups: ['exact'] },
    status: { type: 'text', column: webhookDeliveries.status, lookups: ['exact', 'in'] },
    event_type: { type: 'text', column: webhookDeliveries.eventType, lookups: ['exact', 'in'] },
  },
  ordering: { id: webhookDeliveries.id, created: webhookDeliveries.created },
  defaultOrdering: ['-id'],
  search: [webhookDeliveries.eventType],
};
