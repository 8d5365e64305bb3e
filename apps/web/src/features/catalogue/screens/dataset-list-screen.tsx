import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconCopyPlus, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate, can, DATASET_ORIGINS, DATASET_PAGE_SIZE, type DatasetDto } from '@rrp/domain';
import { useListControls } from '@/components/list-controls';
import { Page } from '@/components/page';
import { useSession } from '@/lib/session';
import { useDatasets } from '../api/catalogue';
import { cohortName } from '../components/format';
import { OriginBadge } from '../components/origin-badge';
import { datasetPath } from '../rules';
import classes from '../components/catalogue.module.css';
import { useActor } from '@/lib/use-can';
import { SearchInput } from '@/components/search-input';
import { ListTable } from '@/components/list-table';

const ORIGIN_OPTIONS = [
  { value: 'all', label: 'All' },
  ...Object.entries(DATASET_ORIGINS).map(([value, label]) => ({ value, label })),
];

const AVAILABILITY_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'true', label: 'Available' },
  { value: 'false', label: 'Unavailable' },
];

/** /dataset: the datasets list (staff §2.11), 50 per page, paged, sorted and searched on the server. */
export default function DatasetListScreen() {
  const { activeRole } = useSession();
  const isResearcher = activeRole === 'primary_researcher';
  const isAdmin = activeRole === 'portal_admin';
  const actor = useActor();
  const seesInternals = can(actor, 'read', 'DatasetInternal');
  const canCreate = !isResearcher && can(actor, 'create', 'Dataset');
  const { state, setState, searchText, setSearch, search, filter } = useListControls(
    'name',
    DATASET_PAGE_SIZE,
  );
  const [origin, setOrigin] = useState('all');
  const [available, setAvailable] = useState('all');
  const list = useDatasets({
    ...state,
    search,
    origin: origin === 'all' ? null : Number(origin),
    available: isResearcher || available === 'all' ? null : available === 'true',
  });
  const stop = (event: React.MouseEvent) => event.stopPropagation();

  return (
    <Page
      title="Datasets"
      actions={
        canCreate ? (
          <Group>
            <Button component={Link} to="/dataset/create/">
              New Dataset
            </Button>
          </Group>
        ) : undefined
      }
    >
      <Stack>
        <Group align="flex-end" gap="lg" wrap="wrap">
          <SearchInput
            label="Search datasets"
            placeholder="Search for datasets..."
            value={searchText}
            onChange={setSearch}
            w={320}
          />
          {/* At most the row's width: on a phone the origins scroll within their control. */}
          <Stack gap={4} maw="100%">
            <Text size="sm" fw={500} id="origin-filter-label">
              Origin
            </Text>
            <SegmentedControl
              aria-labelledby="origin-filter-label"
              data={ORIGIN_OPTIONS}
              value={origin}
              onChange={filter(setOrigin)}
            />
          </Stack>
          {!isResearcher && (
            <Select
              label="Availability"
              data={AVAILABILITY_OPTIONS}
              value={available}
              onChange={(value) => filter(setAvailable)(value ?? 'all')}
              allowDeselect={false}
              w={180}
            />
          )}
        </Group>
        {isResearcher && (
          <Text size="sm" c="gray.7">
            Datasets you have been approved for are highlighted.
          </Text>
        )}
        <ListTable<DatasetDto>
          label="Datasets"
          list={list}
          state={state}
          onChange={setState}
          rowPath={(dataset) => datasetPath(dataset)}
          rowClassName={(dataset) => (isResearcher && dataset.approved ? classes.approvedRow : undefined)}
          columns={[
            {
              accessor: 'name',
              title: 'Name',
              sortable: true,
              render: (dataset) => (
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={datasetPath(dataset)} onClick={stop} size="sm">
                    {dataset.name}
                  </Anchor>
                  {isResearcher && dataset.approved && (
                    <Text size="xs" fw={700} c="teal.9">
                      Approved
                    </Text>
                  )}
                </Group>
              ),
            },
            {
              accessor: 'cohort',
              title: 'Cohort',
              sortable: true,
              render: (dataset) => cohortName(dataset),
            },
            { accessor: 'type', title: 'Type', sortable: true, render: (dataset) => dataset.type_name },
            {
              accessor: 'origin',
              title: 'Origin',
              sortable: true,
              render: (dataset) =>
                dataset.origin === 1 ? <OriginBadge origin={dataset.origin} /> : dataset.origin_name,
            },
            {
              accessor: 'release_date',
              title: 'Release Date',
              sortable: true,
              render: (dataset) => formatDate(dataset.release_date),
            },
            ...(isResearcher
              ? []
              : [
                  {
                    accessor: 'available',
                    title: 'Availability',
                    render: (dataset: DatasetDto) => (dataset.available ? 'Available' : 'Unavailable'),
                  },
                ]),
            ...(seesInternals
              ? [
                  {
                    accessor: 'dataset_id',
                    title: 'UUID',
                    render: (dataset: DatasetDto) => (
                      <Group gap={2} wrap="nowrap">
                        <Tooltip label={dataset.dataset_id}>
                          <Code fz="xs">{dataset.dataset_id.slice(0, 8)}</Code>
                        </Tooltip>
                        <CopyButton value={dataset.dataset_id}>
                          {({ copied, copy }) => (
                            <ActionIcon
                              variant="subtle"
                              size="sm"
                              aria-label={copied ? 'UUID copied' : `Copy the UUID of ${dataset.name}`}
                              onClick={(event) => {
                                stop(event);
                                copy();
                              }}
                            >
                              {copied ? (
                                <IconCheck size={14} aria-hidden />
                              ) : (
                                <IconCopy size={14} aria-hidden />
                              )}
                            </ActionIcon>
                          )}
                        </CopyButton>
                      </Group>
                    ),
                  },
                  {
                    accessor: 'version',
                    title: 'Version',
                    sortable: true,
                    render: (dataset: DatasetDto) => (
                      <Tooltip
                        label={dataset.versions
                          .map((version) => `v${version.version} · ${formatDate(version.release_date)}`)
                          .join(', ')}
                        disabled={dataset.versions.length < 2}
                      >
                        <Text size="sm">
                          v{dataset.version}
                          {dataset.versions.length > 1 ? ` of ${dataset.versions.length}` : ''}
                        </Text>
                      </Tooltip>
                    ),
                  },
                ]
              : []),
            ...(isAdmin
              ? [
                  {
                    accessor: 'actions',
                    title: 'Actions',
                    render: (dataset: DatasetDto) => (
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label="Edit details">
                          <ActionIcon
                            component={Link}
                            to={datasetPath(dataset, 'edit_details')}
                            variant="subtle"
                            aria-label={`Edit ${dataset.name}`}
                            onClick={stop}
                          >
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="New version">
                          <ActionIcon
                            component={Link}
                            to={datasetPath(dataset, 'new_version')}
                            variant="subtle"
                            aria-label={`New version of ${dataset.name}`}
                            onClick={stop}
                          >
                            <IconCopyPlus size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Stack>
    </Page>
  );
}
