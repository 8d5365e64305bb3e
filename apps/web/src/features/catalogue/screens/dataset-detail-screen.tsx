import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconMail, IconPencil, IconCopyPlus } from '@tabler/icons-react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatDate, can, type DatasetDto, type PublicDatasetDto } from '@rrp/domain';
import { Page, type Crumb } from '@/components/page';
import { useFormReload } from '@/components/versioned-save';
import { useSession } from '@/lib/session';
import { useCan, useActor } from '@/lib/use-can';
import { downloadFile } from '@/lib/download';
import { useDataset } from '../api/catalogue';
import { DatasetEmail } from '../components/dataset-email';
import { DatasetForm } from '../components/dataset-form';
import { cohortName, formatCount } from '../components/format';
import { OriginBadge } from '../components/origin-badge';
import { SafeHtml } from '@/components/safe-html/safe-html-view';
import { datasetPath, isPublicOnly, type DatasetMode } from '../rules';

const MODES: DatasetMode[] = ['view', 'edit_details', 'new_version', 'email'];

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={700} c="gray.7" tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </div>
  );
}

type FileRef = { id: number; name: string; file: string } | null;

/** A document link: signed-in readers get a signed download; visitors the public link. */
function Download({
  label,
  file,
  signedIn,
  publicHref,
}: {
  label: string;
  file: FileRef;
  signedIn: boolean;
  publicHref: string;
}) {
  if (!file) return null;
  return signedIn ? (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconDownload size={14} aria-hidden />}
      onClick={() => void downloadFile(file.id)}
    >
      {label}
    </Button>
  ) : (
    <Button
      component="a"
      href={publicHref}
      download={file.name}
      variant="default"
      size="xs"
      leftSection={<IconDownload size={14} aria-hidden />}
    >
      {label}
    </Button>
  );
}

function Summary({ dataset, signedIn }: { dataset: DatasetDto | PublicDatasetDto; signedIn: boolean }) {
  const cohort = isPublicOnly(dataset) ? (dataset.cohort?.name ?? '—') : cohortName(dataset);
  const hasDocuments = dataset.public_data_dictionary || dataset.public_release_notes;
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Fact label="Cohort">{cohort}</Fact>
          <Fact label="Type">{dataset.type_name}</Fact>
          <Fact label="Origin">{dataset.origin_name}</Fact>
          <Fact label="Version">{`v${dataset.version}`}</Fact>
          <Fact label="Accession id">{dataset.accession_id}</Fact>
          <Fact label="Size">{dataset.file_size}</Fact>
          <Fact label="Release date">{formatDate(dataset.release_date)}</Fact>
          <Fact label="Families">{formatCount(dataset.families)}</Fact>
          <Fact label="ASD participants">{formatCount(dataset.asd_participants)}</Fact>
          <Fact label="Control participants">{formatCount(dataset.control_participants)}</Fact>
          <Fact label="Access through">{dataset.access_types.join(', ')}</Fact>
        </SimpleGrid>
        {hasDocuments && (
          <Group gap="sm">
            <Download
              label="Data Dictionary"
              file={dataset.public_data_dictionary}
              signedIn={signedIn}
              publicHref={`/api/public/dataset/${dataset.id}/data_dictionary/`}
            />
            <Download
              label="Release Notes"
              file={dataset.public_release_notes}
              signedIn={signedIn}
              publicHref={`/api/public/dataset/${dataset.id}/release_notes/`}
            />
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function Related({ dataset }: { dataset: DatasetDto | PublicDatasetDto }) {
  if (dataset.related_datasets.length === 0) return null;
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Related Datasets
        </Title>
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {dataset.related_datasets.map((related) => (
            <li key={related.id}>
              <Anchor component={Link} to={datasetPath({ dataset_id: related.dataset_id })} size="sm">
                {related.name}
              </Anchor>
            </li>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

function VersionHistory({ dataset }: { dataset: DatasetDto }) {
  if (dataset.versions.length === 0) return null;
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Version History
        </Title>
        <Table aria-label="Version history" striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Version</Table.Th>
              <Table.Th>Release Date</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Change Notes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dataset.versions.map((version) => (
              <Table.Tr key={version.id}>
                <Table.Td>
                  {version.id === dataset.id ? (
                    <Text size="sm" fw={700}>
                      v{version.version} (shown)
                    </Text>
                  ) : (
                    <Anchor component={Link} to={datasetPath({ id: version.id })} size="sm">
                      v{version.version}
                    </Anchor>
                  )}
                  {version.is_latest && (
                    <Badge ml="xs" size="xs" color="teal.9" variant="filled">
                      Latest
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{formatDate(version.release_date)}</Table.Td>
                <Table.Td>{formatDate(version.created)}</Table.Td>
                <Table.Td>{version.change_notes || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

/**
 * /dataset/{id}: a dataset by row id, or by `dataset_id` with `isUUID` (the latest version); public
 * when the dataset is. Admin modes: edit details, new version, e-mail (staff §2.11).
 */
export default function DatasetDetailScreen() {
  const { objectId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { token, user, loading, activeRole } = useSession();
  const signedIn = Boolean(token && user);
  // A signed-in reader waits for their session, so staff are not sent the public (smaller) view.
  const sessionReady = !token || !loading;
  const byUuid = params.has('isUUID') && params.get('isUUID') !== 'false';
  const requested = params.get('mode') as DatasetMode | null;
  const mode: DatasetMode = requested && MODES.includes(requested) ? requested : 'view';
  // Editing the details sends back the version the form started from (If-Match).
  const query = useDataset(objectId, byUuid, signedIn, sessionReady, mode === 'edit_details');
  const edit = useFormReload(() => query.refetch());
  const data = query.data ?? null;
  const full = data && !isPublicOnly(data) ? data : null;
  const canUpdate = useCan(full, 'update');
  const canEmail = activeRole === 'portal_admin' && canUpdate;
  const crumbs: Crumb[] = [
    signedIn ? { label: 'Datasets', to: '/dataset' } : { label: 'Public Resources', to: '/public-resources' },
  ];
  const actor = useActor();
  const seesVersions = can(actor, 'read', 'DatasetInternal');
  const setMode = (next: DatasetMode) => {
    const nextParams = new URLSearchParams(params);
    if (next === 'view') nextParams.delete('mode');
    else nextParams.set('mode', next);
    setParams(nextParams);
  };

  if (!sessionReady || query.isPending) {
    return (
      <Page title="Dataset" crumbs={crumbs}>
        <Skeleton h={240} />
      </Page>
    );
  }
  if (!data) return <Navigate to="/404" replace />;

  if (mode === 'edit_details' || mode === 'new_version') {
    // The form is for administrators, and only the latest version is edited or versioned.
    if (!full || !canUpdate || !full.is_latest) return <Navigate to="/404" replace />;
    return (
      <Page
        title={mode === 'new_version' ? `New Version of ${full.name}` : `Edit ${full.name}`}
        crumbs={[...crumbs, { label: full.name, to: datasetPath(full) }]}
        current={mode === 'new_version' ? 'New Version' : 'Edit Details'}
      >
        <DatasetForm
          key={edit.formKey}
          mode={mode}
          dataset={full}
          onReload={edit.reload}
          onCancel={() => navigate('/dataset/')}
          onSaved={() => navigate('/dataset/')}
        />
      </Page>
    );
  }

  const isResearcher = activeRole === 'primary_researcher';
  const requestLink = `/request/create?dataset=${data.dataset_id}`;
  const approved = full?.approved ?? false;

  return (
    <Page
      title={data.name}
      crumbs={crumbs}
      actions={
        <Group gap="sm" mt="xs">
          <OriginBadge origin={data.origin} />
          {full && !full.available && (
            <Badge color="gray.7" variant="filled">
              Unavailable
            </Badge>
          )}
          {full?.limited && (
            <Badge color="red.9" variant="filled">
              Restricted
            </Badge>
          )}
          {approved && (
            <Badge color="teal.9" variant="filled">
              Approved for you
            </Badge>
          )}
          {!signedIn && (
            <Button component={Link} to={requestLink}>
              Apply For Access
            </Button>
          )}
          {isResearcher && !approved && (
            <Button component={Link} to={requestLink}>
              Request Access
            </Button>
          )}
          {canUpdate && full?.is_latest && (
            <>
              <Button
                variant="default"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => setMode('edit_details')}
              >
                Edit Details
              </Button>
              <Button
                variant="default"
                leftSection={<IconCopyPlus size={14} aria-hidden />}
                onClick={() => setMode('new_version')}
              >
                New Version
              </Button>
            </>
          )}
          {canEmail && (
            <Button
              variant="default"
              leftSection={<IconMail size={14} aria-hidden />}
              onClick={() => setMode('email')}
            >
              Email
            </Button>
          )}
        </Group>
      }
    >
      {full && !full.is_latest && (
        <Alert color="yellow" variant="light" title={`This is version ${full.version}`}>
          A newer version of this dataset exists.{' '}
          <Anchor component={Link} to={datasetPath({ dataset_id: full.dataset_id })}>
            Open the latest version
          </Anchor>
          .
        </Alert>
      )}
      {mode === 'email' && full && canEmail && (
        <DatasetEmail dataset={full} onClose={() => setMode('view')} />
      )}
      <Summary dataset={data} signedIn={signedIn} />
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            Description
          </Title>
          <SafeHtml html={data.description} />
        </Stack>
      </Card>
      <Related dataset={data} />
      {full && seesVersions && (
        <>
          <Card withBorder padding="lg">
            <Group gap="xs">
              <Text size="sm" fw={700}>
                UUID
              </Text>
              <Code>{full.dataset_id}</Code>
            </Group>
          </Card>
          <VersionHistory dataset={full} />
        </>
      )}
    </Page>
  );
}
