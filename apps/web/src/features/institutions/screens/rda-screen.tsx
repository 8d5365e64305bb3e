import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useParams } from 'react-router';
import { RDA_STATUSES, type FileDto } from '@rrp/domain';
import { apiFetch, ApiError } from '@/lib/api-client';
import { Page } from '@/components/page';
import { useCan } from '@/lib/use-can';
import { useSession } from '@/lib/session';
import { useRda, useUpdateRda } from '../api/institutions';
import { RdaStatusBadge } from '../components/status-badge';
import { PdfViewer } from '../components/pdf-viewer';

interface RdaData {
  status?: number;
  signature?: string;
  signature_date?: string;
  sf_signature?: string;
  sf_signature_date?: string;
  comments?: string | null;
}

const day = (value?: string) => (value ? new Date(value).toLocaleDateString() : '—');

async function download(file: FileDto) {
  try {
    const { signed_url } = await apiFetch<FileDto>(`file/${file.id}/`, {
      query: { signed_url: 'True' },
      handleStatus: [403, 404, 500],
    });
    if (!signed_url) throw new Error('no link');
    window.location.assign(signed_url);
  } catch {
    notifications.show({
      color: 'red',
      title: 'Error Downloading File',
      message: 'Sorry but there was an error downloading the RDA.',
    });
  }
}

/** A typed signature that must equal the signer's full name (staff §5 "RDA signing"). */
function SignatureForm({
  label,
  field,
  onSigned,
  fileId,
}: {
  label: string;
  field: 'signature' | 'sf_signature';
  onSigned: () => void;
  fileId: number;
}) {
  const { user } = useSession();
  const update = useUpdateRda(fileId);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    setError(null);
    if (value.trim().replace(/\s+/g, ' ').toLowerCase() !== (user?.full_name ?? '').toLowerCase()) {
      return setError('Signature does not match full name');
    }
    update.mutate(
      { [field]: value.trim() },
      {
        onSuccess: onSigned,
        onError: (caught) =>
          setError(
            caught instanceof ApiError
              ? (caught.fieldErrors[field] ?? caught.summary)
              : 'Failed to update object',
          ),
      },
    );
  };
  return (
    <Stack gap="xs">
      <TextInput
        label={label}
        description={`Type your full name (${user?.full_name ?? ''}) to sign.`}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        error={error}
        maxLength={200}
      />
      <Button onClick={submit} loading={update.isPending} w="fit-content">
        Sign
      </Button>
    </Stack>
  );
}

/** Administrators correct the status and add comments; closed choices follow staff §4.5. */
function AdminForm({ file }: { file: FileDto }) {
  const data = file.additional_data as RdaData;
  const status = data.status ?? 1;
  const update = useUpdateRda(file.id);
  const [comments, setComments] = useState(data.comments ?? '');
  const [choice, setChoice] = useState(String(status));
  const options = Object.entries(RDA_STATUSES).map(([value, label]) => ({
    value,
    label,
    disabled: (status > 1 && value === '1') || (status === 3 && value === '2'),
  }));
  const save = () =>
    update.mutate(
      { comments, ...(Number(choice) !== status ? { status: Number(choice) } : {}) },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', title: 'RDA updated', message: 'Your changes are saved.' }),
        onError: (caught) =>
          notifications.show({
            color: 'red',
            title: 'Failed to update object',
            message: caught instanceof ApiError ? caught.summary : '',
          }),
      },
    );
  return (
    <Stack gap="xs">
      <Select
        label="Status"
        data={options}
        value={choice}
        onChange={(value) => value && setChoice(value)}
        allowDeselect={false}
      />
      <Textarea
        label="Comments"
        autosize
        minRows={2}
        value={comments}
        onChange={(event) => setComments(event.currentTarget.value)}
      />
      <Button onClick={save} loading={update.isPending} w="fit-content">
        Save
      </Button>
    </Stack>
  );
}

/** /rda/{fileId}: the agreement, its signatures, and the controls the viewer's role has (staff §2.10). */
export default function RdaScreen() {
  const fileId = Number(useParams().objectId);
  const rda = useRda(fileId);
  const [thanked, setThanked] = useState(false);
  const file = rda.data;
  const canSign = useCan(file, 'sign');
  const canCountersign = useCan(file, 'countersign');
  const canAdminister = useCan(file, 'update');
  if (!file) {
    return (
      <Page title="Researcher Distribution Agreement">
        <Skeleton h={480} />
      </Page>
    );
  }
  const data = file.additional_data as RdaData;
  const status = data.status ?? 1;
  return (
    <Page title="Researcher Distribution Agreement" actions={<RdaStatusBadge status={status} />}>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {file.base64 && <PdfViewer base64={file.base64} title={file.name} />}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack>
            {thanked && (
              <Alert color="green" role="status" title="Thank you">
                Your signature is recorded. The foundation will countersign the agreement.
              </Alert>
            )}
            <Card withBorder padding="lg">
              <Title order={2} fz="lg" mb="sm">
                Details
              </Title>
              <SimpleGrid cols={1} spacing="xs">
                <Text size="sm">
                  Institution signature: {data.signature ?? '—'} ({day(data.signature_date)})
                </Text>
                <Text size="sm">
                  Foundation signature: {data.sf_signature ?? '—'} ({day(data.sf_signature_date)})
                </Text>
                {data.comments && <Text size="sm">Comments: {data.comments}</Text>}
              </SimpleGrid>
              <Group mt="md">
                <Button variant="default" onClick={() => void download(file)}>
                  Download
                </Button>
              </Group>
            </Card>
            {canSign && status === 1 && !thanked && (
              <Card withBorder padding="lg">
                <SignatureForm
                  label="Signature"
                  field="signature"
                  fileId={file.id}
                  onSigned={() => setThanked(true)}
                />
              </Card>
            )}
            {canCountersign && status === 2 && (
              <Card withBorder padding="lg">
                <SignatureForm
                  label="Foundation signature"
                  field="sf_signature"
                  fileId={file.id}
                  onSigned={() =>
                    notifications.show({
                      color: 'green',
                      title: 'RDA fully executed',
                      message: 'The countersignature is recorded.',
                    })
                  }
                />
              </Card>
            )}
            {canAdminister && (
              <Card withBorder padding="lg">
                <Title order={2} fz="lg" mb="sm">
                  Administration
                </Title>
                <AdminForm file={file} />
              </Card>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
