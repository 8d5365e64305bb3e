import { useState } from 'react';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { ExpandableName } from '../components/expandable-name';
import { Navigate } from 'react-router';
import { can, type DatasetDto, type SampleTypeDto } from '@rrp/domain';
import { Page } from '@/components/page';
import { useSession } from '@/lib/session';
import { useRestrictedDatasets, useSampleTypes } from '../api/catalogue';
import { AllowedUsersEditor } from '../components/allowed-users-editor';
import { cohortName } from '../components/format';
import { useActor } from '@/lib/use-can';

interface Row {
  id: number;
  kind: 'dataset' | 'sample-type';
  name: string;
  cohort: string;
  available: boolean;
  limited: boolean;
  allowed_users: string[];
}

const datasetRow = (dataset: DatasetDto): Row => ({
  id: dataset.id,
  kind: 'dataset',
  name: dataset.name,
  cohort: cohortName(dataset),
  available: dataset.available,
  limited: dataset.limited,
  allowed_users: dataset.allowed_users,
});

const sampleTypeRow = (sampleType: SampleTypeDto): Row => ({
  id: sampleType.id,
  kind: 'sample-type',
  name: sampleType.name,
  cohort:
    sampleType.cohorts
      .map((cohort) => (typeof cohort === 'object' ? cohort.name : String(cohort)))
      .join(', ') || '—',
  available: sampleType.available,
  limited: sampleType.limited,
  allowed_users: sampleType.allowed_users,
});

function Availability({ row }: { row: Row }) {
  return (
    <Group gap="xs">
      <Text size="sm">{row.available ? 'Available' : 'Unavailable'}</Text>
      {row.limited && (
        <Badge color="red.9" variant="filled" size="sm">
          {row.kind === 'dataset' ? 'Restricted' : 'Limited'}
        </Badge>
      )}
      {row.allowed_users.length > 0 && (
        <Text size="xs" c="gray.7">
          {row.allowed_users.length === 1 ? '1 allowed user' : `${row.allowed_users.length} allowed users`}
        </Text>
      )}
    </Group>
  );
}

function ResourceTable({ label, rows, loading }: { label: string; rows: Row[]; loading: boolean }) {
  const [expanded, setExpanded] = useState<number[]>([]);
  return (
    <DataTable<Row>
      aria-label={label}
      withTableBorder
      borderRadius="sm"
      striped
      highlightOnHover
      minHeight={rows.length ? undefined : 140}
      fetching={loading}
      records={rows}
      emptyState={
        <Text size="sm" c="gray.7">
          No Entries
        </Text>
      }
      columns={[
        {
          accessor: 'name',
          title: 'Name',
          render: (row) => (
            <ExpandableName
              name={row.name}
              open={expanded.includes(row.id)}
              onToggle={() =>
                setExpanded((previous) =>
                  previous.includes(row.id) ? previous.filter((id) => id !== row.id) : [...previous, row.id],
                )
              }
            />
          ),
        },
        { accessor: 'cohort', title: 'Cohort' },
        { accessor: 'available', title: 'Availability', render: (row) => <Availability row={row} /> },
      ]}
      rowExpansion={{
        allowMultiple: true,
        expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
        content: ({ record }) => (
          <AllowedUsersEditor
            kind={record.kind}
            id={record.id}
            name={record.name}
            limited={record.limited}
            initial={record.allowed_users}
          />
        ),
      }}
    />
  );
}

/** /restricted_resources: datasets and biospecimens and who may request them (researcher §2, admins). */
export default function RestrictedResourcesScreen() {
  const { user } = useSession();
  const actor = useActor();
  const allowed = can(actor, 'update', 'SampleType') && can(actor, 'update', 'Dataset');
  const datasets = useRestrictedDatasets(allowed);
  const sampleTypes = useSampleTypes(allowed);
  if (user && !allowed) return <Navigate to="/404" replace />;
  return (
    <Page title="Restricted Resources">
      <Text size="sm" c="gray.8" maw={760}>
        Open a resource to choose who may request it. Changes apply when you submit them.
      </Text>
      <Stack gap="xs">
        <Title order={2} fz="xl">
          Datasets
        </Title>
        <ResourceTable
          label="Datasets"
          rows={(datasets.data?.results ?? []).map(datasetRow)}
          loading={datasets.isFetching}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={2} fz="xl">
          Biospecimens
        </Title>
        <ResourceTable
          label="Biospecimens"
          rows={(sampleTypes.data?.results ?? []).map(sampleTypeRow)}
          loading={sampleTypes.isFetching}
        />
      </Stack>
    </Page>
  );
}
