import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileZip, IconPlus, IconTrash } from '@tabler/icons-react';
import { ENDPOINT_NAME_MAX, GPF_FIELD_MAX, LOCATION_MAX } from '@rrp/domain';
import { newLocationRow, type LocationRow } from '../rules';
import type { DatasetFormFields } from './dataset-form-state';
import { DatasetTextInput } from './dataset-text-input';

/** The dataset form's "Where the data is": the data file, the S3 and Globus locations, GPF. */
export function DatasetLocationCard({
  form,
  dataFile,
  existingDataFile,
  onDataFile,
  setLocation,
}: {
  form: DatasetFormFields;
  dataFile: File | null;
  existingDataFile: { name: string } | null;
  onDataFile: (file: File | null) => void;
  setLocation: (index: number, patch: Partial<LocationRow>) => void;
}) {
  const { values, errors, set } = form;
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Where the data is
          </Title>
          <Text size="sm" c="gray.7">
            At least one of a data file, a Globus location or a data access (S3) location.
          </Text>
        </div>
        <FileInput
          label="Data file"
          description={
            existingDataFile
              ? `Current file: ${existingDataFile.name}. Choose a .zip file to replace it.`
              : 'A .zip file.'
          }
          placeholder="Choose a .zip file"
          accept=".zip,application/zip"
          leftSection={<IconFileZip size={16} aria-hidden />}
          value={dataFile}
          onChange={onDataFile}
          error={errors.data_file}
          clearable
        />
        <DatasetTextInput
          bind={form}
          field="data_access"
          label="Data access (S3 location)"
          placeholder="s3://bucket/path"
        />
        <DatasetTextInput
          bind={form}
          field="globus_group_id"
          label="Globus group id"
          placeholder="00000000-0000-0000-0000-000000000000"
        />
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Globus locations
          </Text>
          {values.globus_locations.length === 0 && (
            <Text size="sm" c="gray.7">
              No Globus locations.
            </Text>
          )}
          {values.globus_locations.map((row, index) => (
            <Group key={row.key} align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                label={`Endpoint id, location ${index + 1}`}
                value={row.endpoint_id}
                onChange={(event) => setLocation(index, { endpoint_id: event.currentTarget.value })}
                error={errors[`globus_locations.${index}.endpoint_id`]}
                style={{ flex: 3 }}
              />
              <TextInput
                label={`Endpoint name, location ${index + 1}`}
                maxLength={ENDPOINT_NAME_MAX}
                value={row.endpoint_name}
                onChange={(event) => setLocation(index, { endpoint_name: event.currentTarget.value })}
                error={errors[`globus_locations.${index}.endpoint_name`]}
                style={{ flex: 2 }}
              />
              <TextInput
                label={`Path, location ${index + 1}`}
                maxLength={LOCATION_MAX}
                value={row.location}
                onChange={(event) => setLocation(index, { location: event.currentTarget.value })}
                error={errors[`globus_locations.${index}.location`]}
                style={{ flex: 3 }}
              />
              <ActionIcon
                variant="subtle"
                color="red.8"
                mt={26}
                aria-label={`Remove location ${index + 1}`}
                onClick={() =>
                  set(
                    'globus_locations',
                    values.globus_locations.filter((_, at) => at !== index),
                  )
                }
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => set('globus_locations', [...values.globus_locations, newLocationRow()])}
            >
              Add Globus Location
            </Button>
          </Group>
        </Stack>
        <Checkbox
          label="GPF accessible"
          checked={values.gpf_accessible}
          onChange={(event) => set('gpf_accessible', event.currentTarget.checked)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DatasetTextInput bind={form} field="gpf_group" label="GPF group" maxLength={GPF_FIELD_MAX} />
          <DatasetTextInput
            bind={form}
            field="gpf_dataset_id"
            label="GPF dataset id"
            maxLength={GPF_FIELD_MAX}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
