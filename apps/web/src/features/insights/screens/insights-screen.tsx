import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import {
  can,
  formatDate,
  formatDateTime,
  REQUEST_TYPES,
  turnaroundPeriod,
  type TurnaroundDto,
} from '@rrp/domain';
import { Page } from '@/components/page';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useActor } from '@/lib/use-can';
import { downloadTurnaroundCsv, useTurnaround, type TurnaroundFilters } from '../api/turnaround';
import { parseUsDay } from '../components/format';
import { DurationTable, Figure, Section } from '../components/report-parts';
import { ScrollContainer } from '@/components/scroll-table';

// recharts is large: the charts come in a chunk of their own, after the figures.
const StatusTimesChart = lazy(() =>
  import('../components/charts').then((m) => ({ default: m.StatusTimesChart })),
);
const AgeingChart = lazy(() => import('../components/charts').then((m) => ({ default: m.AgeingChart })));

const TYPE_OPTIONS = [
  { value: '', label: 'All request types' },
  ...Object.entries(REQUEST_TYPES).map(([value, label]) => ({ value, label })),
];

function DayInput(props: { label: string; value: string; error?: string; onChange: (day: string) => void }) {
  return (
    <DateInput
      label={props.label}
      placeholder="MM/DD/YYYY"
      valueFormat="MM/DD/YYYY"
      dateParser={(text) => parseUsDay(text)}
      value={props.value || null}
      onChange={(next) => next && props.onChange(next)}
      error={props.error}
      w={{ base: '100%', xs: 170 }}
    />
  );
}

const chartFallback = (
  <Center h={160}>
    <Loader size="sm" aria-label="Loading the chart" />
  </Center>
);

function Report({ report }: { report: TurnaroundDto }) {
  const actor = useActor();
  const mayOpenUsers = actor ? can(actor, 'read', 'User') : false;
  const mayOpenInstitutions = actor ? can(actor, 'read', 'Institution') : false;
  const openItems = report.ageing.reduce((sum, row) => sum + row.open, 0);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure
          title="Submission to decision"
          stats={report.submission_to_decision}
          of={['first decision', 'first decisions']}
        />
        <Figure
          title="Approval to fulfilment"
          stats={report.approval_to_fulfilment}
          of={['request fulfilled', 'requests fulfilled']}
        />
        <Figure
          title="RDA sent to fully executed"
          stats={report.rda}
          of={['RDA executed', 'RDAs executed']}
        />
      </SimpleGrid>

      <Section
        title="Time in each status"
        description="How long requests stayed in a status before they moved on, for stays that ended in the period."
      >
        {report.statuses.length ? (
          <>
            <Suspense fallback={chartFallback}>
              <StatusTimesChart statuses={report.statuses} />
            </Suspense>
            <DurationTable
              caption="Stays that ended in the period, by status"
              first="Status"
              count="Stays"
              rows={report.statuses}
              name={(row: { status_name: string }) => row.status_name}
            />
          </>
        ) : (
          <Text size="sm">No request changed status in this period.</Text>
        )}
      </Section>

      <Section
        title="Open items waiting"
        description={`The ${openItems.toLocaleString('en-US')} requests open now, by how long they have waited in their status.`}
      >
        {report.ageing.length ? (
          <>
            <Suspense fallback={chartFallback}>
              <AgeingChart ageing={report.ageing} />
            </Suspense>
            <ScrollContainer minWidth={320} label="Open requests by status">
              <Table striped>
                <caption style={{ captionSide: 'top', textAlign: 'left' }}>
                  <Text size="sm" c="gray.7" component="span">
                    Open requests by status, and how many have waited longer
                  </Text>
                </caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Status</Table.Th>
                    <Table.Th ta="right">Open</Table.Th>
                    <Table.Th ta="right">Over 7 days</Table.Th>
                    <Table.Th ta="right">Over 14 days</Table.Th>
                    <Table.Th ta="right">Over 30 days</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.ageing.map((row) => (
                    <Table.Tr key={row.status}>
                      <Table.Td>{row.status_name}</Table.Td>
                      <Table.Td ta="right">{row.open.toLocaleString('en-US')}</Table.Td>
                      <Table.Td ta="right">{row.over_7_days.toLocaleString('en-US')}</Table.Td>
                      <Table.Td ta="right">{row.over_14_days.toLocaleString('en-US')}</Table.Td>
                      <Table.Td ta="right">{row.over_30_days.toLocaleString('en-US')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollContainer>
          </>
        ) : (
          <Text size="sm">No request is waiting on anyone.</Text>
        )}
      </Section>

      <Section
        title="Reviewers"
        description="Research Match reviews completed in the period: from the assignment, or the start of the review if later, to the completed review. Slowest first."
      >
        {report.reviewers.length ? (
          <ScrollArea.Autosize mah={420} type="auto">
            <DurationTable
              caption="Completed reviews by reviewer"
              first="Reviewer"
              count="Reviews"
              rows={report.reviewers}
              name={(row: TurnaroundDto['reviewers'][number]) =>
                mayOpenUsers ? (
                  <Anchor component={Link} to={`/user/${row.reviewer.id}`} size="sm">
                    {row.reviewer.full_name}
                  </Anchor>
                ) : (
                  row.reviewer.full_name
                )
              }
            />
          </ScrollArea.Autosize>
        ) : (
          <Text size="sm">No Research Match review was completed in this period.</Text>
        )}
      </Section>

      <Section
        title="RDAs by institution"
        description={`From the RDA sent to the signing official to fully executed. ${
          report.rda.institutions > report.rda.slowest.length
            ? `The ${report.rda.slowest.length} slowest of ${report.rda.institutions.toLocaleString('en-US')} institutions; the CSV file has them all.`
            : 'Slowest first.'
        }`}
      >
        {report.rda.slowest.length ? (
          <DurationTable
            caption="RDAs fully executed in the period, by institution"
            first="Institution"
            count="RDAs"
            rows={report.rda.slowest}
            name={(row: TurnaroundDto['rda']['slowest'][number]) =>
              mayOpenInstitutions ? (
                <Anchor component={Link} to={`/institution/${row.institution.id}`} size="sm">
                  {row.institution.name}
                </Anchor>
              ) : (
                row.institution.name
              )
            }
          />
        ) : (
          <Text size="sm">No RDA was fully executed in this period.</Text>
        )}
      </Section>
    </Stack>
  );
}

/** /insights: turnaround metrics for the staff who run reviews and decisions (issue 19, decision 270). */
export default function InsightsScreen() {
  const actor = useActor();
  const { token, activeRole } = useSession();
  const [filters, setFilters] = useState<TurnaroundFilters>(() => ({
    ...turnaroundPeriod({}, new Date()),
    type: '',
  }));
  const turnaround = useTurnaround(filters);
  const [downloading, setDownloading] = useState(false);
  if (actor && !can(actor, 'read', 'Insight')) return <Navigate to="/404" replace />;

  const errors = turnaround.error instanceof ApiError ? turnaround.error.fieldErrors : {};
  const report = turnaround.data;
  const download = () => {
    setDownloading(true);
    downloadTurnaroundCsv(filters, token, activeRole)
      .catch(() =>
        notifications.show({
          color: 'red',
          title: 'Download failed',
          message: 'Could not download the figures.',
        }),
      )
      .finally(() => setDownloading(false));
  };

  return (
    <Page title="Insights">
      <Text size="sm" maw={760}>
        How long requests, reviews and RDAs take, from the history of their statuses. Times are in days; the
        median is the typical case and the 90th percentile the slow end.
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <DayInput
          label="From"
          value={filters.from}
          error={errors.from}
          onChange={(from) => setFilters((current) => ({ ...current, from }))}
        />
        <DayInput
          label="To"
          value={filters.to}
          error={errors.to}
          onChange={(to) => setFilters((current) => ({ ...current, to }))}
        />
        <Select
          label="Request type"
          data={TYPE_OPTIONS}
          value={filters.type}
          onChange={(type) => setFilters((current) => ({ ...current, type: type ?? '' }))}
          allowDeselect={false}
          error={errors.type}
          w={{ base: '100%', xs: 260 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={download}
          loading={downloading}
          disabled={Object.keys(errors).length > 0}
        >
          Download CSV
        </Button>
      </Group>
      {report && !Object.keys(errors).length && (
        <Text size="sm" c="gray.7">
          {formatDate(report.from)} to {formatDate(report.to)}
          {report.type ? `, ${REQUEST_TYPES[report.type as keyof typeof REQUEST_TYPES]} requests` : ''}. Open
          items as of {formatDateTime(report.computed_at)}.
        </Text>
      )}
      {turnaround.isPending ? (
        <Center h={200}>
          <Loader aria-label="Loading the figures" />
        </Center>
      ) : Object.keys(errors).length ? (
        <Alert color="red" title="Choose another period">
          {Object.values(errors)[0]}
        </Alert>
      ) : report ? (
        <Report report={report} />
      ) : null}
      <Text size="xs" c="gray.7">
        Days run from midnight to midnight UTC.
      </Text>
    </Page>
  );
}
