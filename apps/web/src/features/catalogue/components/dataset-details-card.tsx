import {
  Card,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  ACCESSION_ID_MAX,
  DATASET_NAME_MAX,
  DATASET_ORIGINS,
  DATASET_TYPES,
  FILE_SIZE_MAX,
  type DatasetDto,
} from '@rrp/domain';
import { useCohorts } from '@/components/cohorts';
import { SafeHtml } from '@/components/safe-html/safe-html-view';
import { useDatasetOptions } from '../api/catalogue';
import type { DatasetFormFields } from './dataset-form-state';
import { DatasetTextInput } from './dataset-text-input';
import { ReleaseDateInput } from './release-date-input';

const TYPE_OPTIONS = Object.entries(DATASET_TYPES).map(([value, label]) => ({ value, label }));
const ORIGIN_OPTIONS = Object.entries(DATASET_ORIGINS).map(([value, label]) => ({ value, label }));

/** The dataset form's Details: name, cohort, type, origin, counts, description and related datasets. */
export function DatasetDetailsCard({ form, dataset }: { form: DatasetFormFields; dataset?: DatasetDto }) {
  const { values, errors, set } = form;
  const cohorts = useCohorts();
  const options = useDatasetOptions();
  const relatedOptions = (options.data?.results ?? [])
    .filter((option) => option.dataset_id !== dataset?.dataset_id)
    .map((option) => ({ value: option.dataset_id, label: `${option.name} (v${option.version})` }));
  // Related datasets that the picker does not list (e.g. beyond the fetch limit) keep their names.
  for (const related of dataset?.related_datasets ?? []) {
    if (!relatedOptions.some((option) => option.value === related.dataset_id))
      relatedOptions.push({ value: related.dataset_id, label: related.name });
  }
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Details
        </Title>
        <DatasetTextInput bind={form} field="name" label="Name" required maxLength={DATASET_NAME_MAX} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Cohort"
            placeholder="Choose a cohort"
            data={(cohorts.data?.results ?? []).map((cohort) => ({
              value: String(cohort.id),
              label: cohort.name,
            }))}
            value={values.cohort}
            onChange={(value) => set('cohort', value)}
            clearable
            error={errors.cohort}
          />
          <Select
            label="Type"
            required
            placeholder="Choose a type"
            data={TYPE_OPTIONS}
            value={values.type}
            onChange={(value) => set('type', value)}
            error={errors.type}
          />
          <Select
            label="Origin"
            required
            placeholder="Choose an origin"
            data={ORIGIN_OPTIONS}
            value={values.origin}
            onChange={(value) => set('origin', value)}
            error={errors.origin}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <ReleaseDateInput
            value={values.release_date}
            onChange={(value) => set('release_date', value)}
            error={errors.release_date}
          />
          <DatasetTextInput
            bind={form}
            field="accession_id"
            label="Accession id"
            maxLength={ACCESSION_ID_MAX}
          />
          <DatasetTextInput
            bind={form}
            field="file_size"
            label="File size"
            placeholder="e.g. 1.2 TB"
            maxLength={FILE_SIZE_MAX}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <DatasetTextInput
            bind={form}
            field="asd_participants"
            label="ASD participants"
            inputMode="numeric"
          />
          <DatasetTextInput
            bind={form}
            field="control_participants"
            label="Control participants"
            inputMode="numeric"
          />
          <DatasetTextInput bind={form} field="families" label="Families" inputMode="numeric" />
          <DatasetTextInput
            bind={form}
            field="order"
            label="Order"
            placeholder="Position in the catalogue"
            inputMode="numeric"
          />
        </SimpleGrid>
        <Group gap="xl">
          <Switch
            label="Available"
            checked={values.available}
            onChange={(event) => set('available', event.currentTarget.checked)}
          />
          <Switch
            label="Restricted (only allowed users may request it)"
            checked={values.limited}
            onChange={(event) => set('limited', event.currentTarget.checked)}
          />
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="description-label">
            Description
          </Text>
          <Tabs defaultValue="write" keepMounted={false}>
            <Tabs.List aria-labelledby="description-label">
              <Tabs.Tab value="write">HTML</Tabs.Tab>
              <Tabs.Tab value="preview">Preview</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="write" pt="xs">
              <Textarea
                aria-labelledby="description-label"
                description="HTML is allowed: paragraphs, lists, links, bold and italic. Anything else is removed when saved."
                autosize
                minRows={5}
                maxRows={16}
                value={values.description}
                onChange={(event) => set('description', event.currentTarget.value)}
                error={errors.description}
              />
            </Tabs.Panel>
            <Tabs.Panel value="preview" pt="xs">
              <Card withBorder padding="md">
                <SafeHtml html={values.description} />
              </Card>
            </Tabs.Panel>
          </Tabs>
        </Stack>
        <MultiSelect
          label="Related datasets"
          placeholder={values.related_datasets.length ? undefined : 'Choose datasets'}
          data={relatedOptions}
          value={values.related_datasets}
          onChange={(value) => set('related_datasets', value)}
          searchable
          clearable
          error={errors.related_datasets}
        />
      </Stack>
    </Card>
  );
}
