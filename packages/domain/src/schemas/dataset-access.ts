import { z } from 'zod';
import { MAX_ID } from './safe-input';
import {
  CATALOGUE_MESSAGES,
  DATASET_ACCESS_STATUSES,
  DATASET_ACCESS_TYPES,
  relatedDatasetSchema,
} from './catalogue';

const personRef = z.object({
  id: z.number(),
  display_name: z.string(),
  email: z.string(),
});

/** A dataset access record (researcher §3): per user, dataset and channel, granted or revoked. */
export const datasetAccessSchema = z.object({
  id: z.number(),
  user: z.union([z.number(), personRef]),
  dataset: z.union([z.number(), z.object({ id: z.number(), dataset_id: z.string(), name: z.string() })]),
  access_type: z.enum(DATASET_ACCESS_TYPES),
  status: z.enum(DATASET_ACCESS_STATUSES),
  request_id: z.number().nullable(),
  created: z.string(),
  modified: z.string(),
});
export type DatasetAccessDto = z.infer<typeof datasetAccessSchema>;

const accessType = z.enum(DATASET_ACCESS_TYPES, { error: 'Choose Globus, AWS, GPF or Other.' });
const accessStatus = z.enum(DATASET_ACCESS_STATUSES, { error: 'Choose granted or revoked.' });

/** POST datasetaccess/: user, dataset, access_type, status (an existing record of the same channel is updated). */
export const createDatasetAccessSchema = z.strictObject({
  user: z
    .number({ error: CATALOGUE_MESSAGES.requiredField })
    .int()
    .positive()
    .max(MAX_ID, { error: CATALOGUE_MESSAGES.unknownUser }),
  dataset: z
    .number({ error: CATALOGUE_MESSAGES.requiredField })
    .int()
    .positive()
    .max(MAX_ID, { error: CATALOGUE_MESSAGES.unknownDataset }),
  access_type: accessType,
  status: accessStatus,
  request_id: z.number().int().positive().max(MAX_ID).nullish(),
});
export type CreateDatasetAccess = z.output<typeof createDatasetAccessSchema>;

/** PATCH datasetaccess/{id}/: status, access_type, request_id. */
export const updateDatasetAccessSchema = z.strictObject({
  status: accessStatus.optional(),
  access_type: accessType.optional(),
  request_id: z.number().int().positive().max(MAX_ID).nullish(),
});
export type UpdateDatasetAccess = z.output<typeof updateDatasetAccessSchema>;

/** GET dataset/{id}/researchers/: a researcher the dataset access page lists. */
export const datasetResearcherSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  email: z.string(),
});
export type DatasetResearcherDto = z.infer<typeof datasetResearcherSchema>;

/** GET public/user/: a researcher with an approved (or fulfilled) dataset request. */
export const publicResearcherSchema = z.object({
  id: z.number(),
  name: z.string(),
  institution_name: z.string().nullable(),
});
export type PublicResearcherDto = z.infer<typeof publicResearcherSchema>;

/** GET public/user/{id}/: the researcher's approved projects, their datasets and team. */
export const publicResearcherProfileSchema = publicResearcherSchema.extend({
  projects: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      abstract: z.string(),
      datasets: z.array(relatedDatasetSchema),
      team: z.array(
        z.object({ name: z.string(), role: z.string(), institution_name: z.string().nullable() }),
      ),
    }),
  ),
});
export type PublicResearcherProfileDto = z.infer<typeof publicResearcherProfileSchema>;

export const NO_APPROVED_DATASET_REQUESTS = 'No approved genetic dataset requests found';
