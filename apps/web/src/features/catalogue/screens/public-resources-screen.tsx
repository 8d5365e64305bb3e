import { useState } from 'react';
import {
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate, DATASET_TYPES, LIMITS, type PublicDatasetDto } from '@rrp/domain';
import { Page } from '@/components/page';
import { useCohorts } from '@/components/cohorts';
import { usePublicDatasets } from '../api/catalogue';
import { OriginBadge } from '../components/origin-badge';
import { htmlToText } from '@/components/safe-html/safe-html';
import { datasetPath } from '../rules';
import { SearchInput } from '@/components/search-input';

const PREVIEW_CHARS = 220;

function preview(html: string): string {
  const text = htmlToText(html);
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS).trimEnd()}…` : text;
}

function DatasetCard({ dataset }: { dataset: PublicDatasetDto }) {
  return (
    <Card withBorder padding="lg" component="article">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} fz="md">
            <Anchor component={Link} to={datasetPath(dataset)}>
              {dataset.name}
            </Anchor>
          </Title>
          <OriginBadge origin={dataset.origin} />
        </Group>
        <Text size="xs" c="gray.7">
          {[dataset.cohort?.name, dataset.type_name, `Released ${formatDate(dataset.release_date)}`]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <Text size="sm" c="gray.8">
          {preview(dataset.description) || 'No description.'}
        </Text>
      </Stack>
    </Card>
  );
}

/** /public-resources: the public catalogue (researcher §2), open to visitors. */
export default function PublicResourcesScreen() {
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText, LIMITS.search.debounceMs);
  const [simonsOnly, setSimonsOnly] = useState(false);
  const [types, setTypes] = useState<number[]>([]);
  const [cohorts, setCohorts] = useState<number[]>([]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const cohortList = useCohorts();
  const list = usePublicDatasets({ search, simonsOnly, types, cohorts });
  const filterCount = types.length + cohorts.length;

  return (
    <Page title="Public Resources">
      <Text size="sm" c="gray.8" maw={760}>
        Datasets researchers may apply for. Open a dataset to read its description and documents, and to apply
        for access.
      </Text>
      <Group align="flex-end" gap="lg">
        <SearchInput
          label="Search resources"
          placeholder="Search for datasets..."
          value={searchText}
          onChange={setSearchText}
          w={320}
        />
        <Button
          variant="default"
          leftSection={<IconFilter size={14} aria-hidden />}
          onClick={() => setFiltersOpen(true)}
        >
          {filterCount ? `Filters (${filterCount})` : 'Filters'}
        </Button>
        <Checkbox
          label="Simons Foundation Datasets"
          checked={simonsOnly}
          onChange={(event) => setSimonsOnly(event.currentTarget.checked)}
          mb={8}
        />
      </Group>
      <Modal
        opened={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        title={<Text fw={700}>Filter resources</Text>}
        closeButtonProps={{ 'aria-label': 'Close filters' }}
      >
        <Stack gap="md">
          <Checkbox.Group
            label="Type"
            value={types.map(String)}
            onChange={(value) => setTypes(value.map(Number))}
          >
            <Stack gap={6} mt="xs">
              {Object.entries(DATASET_TYPES).map(([id, label]) => (
                <Checkbox key={id} value={id} label={label} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Checkbox.Group
            label="Cohort"
            value={cohorts.map(String)}
            onChange={(value) => setCohorts(value.map(Number))}
          >
            <Stack gap={6} mt="xs">
              {(cohortList.data?.results ?? []).map((cohort) => (
                <Checkbox key={cohort.id} value={String(cohort.id)} label={cohort.name} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="space-between">
            <Button
              variant="subtle"
              onClick={() => {
                setTypes([]);
                setCohorts([]);
              }}
            >
              Clear filters
            </Button>
            <Button onClick={() => setFiltersOpen(false)}>Show results</Button>
          </Group>
        </Stack>
      </Modal>
      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton h={150} />
          <Skeleton h={150} />
        </SimpleGrid>
      ) : (
        <Stack gap="sm">
          <Text size="sm" role="status" c="gray.8">
            {list.data?.count === 1 ? '1 dataset' : `${list.data?.count ?? 0} datasets`}
          </Text>
          {list.data?.results.length === 0 ? (
            <Card withBorder padding="xl">
              <Text ta="center">No results matching search.</Text>
            </Card>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {list.data?.results.map((dataset) => (
                <DatasetCard key={dataset.id} dataset={dataset} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      )}
    </Page>
  );
}
