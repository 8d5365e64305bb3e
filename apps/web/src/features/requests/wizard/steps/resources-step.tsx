import { useEffect, useState } from 'react';
import {
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { LIMITS } from '@rrp/domain';
import { anchorId, groupResources, searchResources, selectionConfirmation, type Resource } from '../rules';
import { useActiveSection } from '../use-active-section';
import { SelectedResources } from './selected-resources';
import classes from './resources-step.module.css';

function ResourceItem({
  resource,
  selected,
  onToggle,
}: {
  resource: Resource;
  selected: boolean;
  onToggle: () => void;
}) {
  const [more, setMore] = useState(false);
  const detailsId = `resource-info-${resource.key}`;
  const reasonId = `resource-reason-${resource.key}`;
  return (
    <Paper withBorder p="sm" radius="sm" bg={selected ? 'blue.0' : undefined} id={`resource-${resource.key}`}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{resource.name}</Text>
            <Text size="sm" c="gray.7">
              {resource.group}
              {resource.cohort ? ` · ${resource.cohort}` : ''}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="subtle"
              size="compact-sm"
              aria-expanded={more}
              aria-controls={detailsId}
              onClick={() => setMore((open) => !open)}
              aria-label={`${more ? 'Less Info' : 'More Info'} about ${resource.name}`}
            >
              {more ? 'Less Info' : 'More Info'}
            </Button>
            <Button
              size="compact-sm"
              variant={selected ? 'light' : 'filled'}
              disabled={Boolean(resource.disabledReason) && !selected}
              onClick={onToggle}
              aria-label={`${selected ? 'Remove' : 'Select'} ${resource.name}`}
              aria-describedby={resource.disabledReason ? reasonId : undefined}
            >
              {selected ? 'Remove' : 'Select'}
            </Button>
          </Group>
        </Group>
        {resource.restricted && !resource.disabledReason && (
          <Text size="sm" c="gray.7">
            Restricted resource: only researchers on its list of allowed users may request it.
          </Text>
        )}
        {resource.disabledReason && (
          <Text size="sm" c="red.9" id={reasonId}>
            {resource.disabledReason}
          </Text>
        )}
        {more &&
          (resource.kind === 'research_match' ? (
            <Text size="sm" id={detailsId}>
              Recruit participants of the SPARK and SSC cohorts for your study. Applications are reviewed
              quarterly by a committee.
            </Text>
          ) : (
            <Stack gap={0} id={detailsId}>
              <Text size="sm">Accession ID: {resource.accessionId ?? 'Not available'}</Text>
              <Text size="sm">Data size: {resource.fileSize ?? 'Not available'}</Text>
              <Text size="sm">Release date: {resource.releaseDate ?? 'Not available'}</Text>
            </Stack>
          ))}
      </Stack>
    </Paper>
  );
}

/** Step 2: the resource picker with its 'Selected Resources' cart and the mixing confirmation. */
export function ResourcesStep({
  resources,
  selection,
  onChange,
  onContinue,
  initialKey = null,
}: {
  resources: Resource[];
  selection: Resource[];
  onChange: (selection: Resource[]) => void;
  onContinue: () => void;
  /** The resource preselected from `?dataset=`: scrolled into view 500 ms after the step opens. */
  initialKey?: string | null;
}) {
  useEffect(() => {
    if (!initialKey) return;
    const timer = window.setTimeout(
      () => document.getElementById(`resource-${initialKey}`)?.scrollIntoView({ block: 'center' }),
      500,
    );
    return () => window.clearTimeout(timer);
  }, [initialKey]);
  const [view, setView] = useState<'type' | 'cohort'>('type');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, LIMITS.search.debounceMs);
  const [pending, setPending] = useState<{ resource: Resource; message: string } | null>(null);
  const term = debounced.trim().length >= LIMITS.search.minChars ? debounced : '';
  const groups = groupResources(searchResources(resources, term), view);
  const { active, jumpTo } = useActiveSection(groups.map((group) => anchorId(group.name)));
  const isSelected = (resource: Resource) => selection.some((item) => item.key === resource.key);

  const toggle = (resource: Resource) => {
    if (isSelected(resource)) return onChange(selection.filter((item) => item.key !== resource.key));
    const confirmation = selectionConfirmation(selection, resource);
    if (confirmation) return setPending({ resource, message: confirmation });
    onChange([...selection, resource]);
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="view-by-label">
            View by
          </Text>
          <SegmentedControl
            aria-labelledby="view-by-label"
            value={view}
            onChange={(value) => setView(value as 'type' | 'cohort')}
            data={[
              { value: 'type', label: 'Resource Type' },
              { value: 'cohort', label: 'Cohort' },
            ]}
          />
        </Stack>
        <TextInput
          label="Search"
          placeholder="Search by resource name or cohort"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={340}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Stack gap="md" className={classes.list}>
          {groups.length > 0 && (
            <Paper
              component="nav"
              aria-label="Resource index"
              withBorder
              p="xs"
              radius="sm"
              // The index stays in view (below the app's header) while the list scrolls under it.
              style={{ position: 'sticky', top: 'var(--app-header-height, 60px)', zIndex: 2 }}
            >
              <Group gap="xs" component="ul" className={classes.index}>
                {groups.map((group) => {
                  const id = anchorId(group.name);
                  const current = active === id;
                  return (
                    <li key={group.name}>
                      <Anchor
                        href={`#${id}`}
                        size="sm"
                        className={classes.indexLink}
                        aria-current={current ? 'location' : undefined}
                        data-active={current || undefined}
                        onClick={(event) => {
                          event.preventDefault();
                          jumpTo(id);
                        }}
                      >
                        {group.name}
                      </Anchor>
                    </li>
                  );
                })}
              </Group>
            </Paper>
          )}
          {groups.length === 0 && <Text>No resources match your search.</Text>}
          {groups.map((group) => (
            <Stack
              gap="xs"
              key={group.name}
              component="section"
              id={anchorId(group.name)}
              tabIndex={-1}
              aria-labelledby={`${anchorId(group.name)}-heading`}
              className={classes.section}
            >
              <Title order={3} fz="lg" id={`${anchorId(group.name)}-heading`}>
                {group.name}
              </Title>
              {group.items.map((resource) => (
                <ResourceItem
                  key={resource.key}
                  resource={resource}
                  selected={isSelected(resource)}
                  onToggle={() => toggle(resource)}
                />
              ))}
            </Stack>
          ))}
        </Stack>
        <SelectedResources selection={selection} onRemove={toggle} onContinue={onContinue} />
      </SimpleGrid>
      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={pending?.resource.kind === 'research_match' ? 'Research Match' : 'Change your selection?'}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text>{pending?.message}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                if (pending) onChange([pending.resource]);
                setPending(null);
              }}
            >
              Confirm Selection
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
