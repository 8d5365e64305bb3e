import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  FileInput,
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
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import {
  formatDate,
  RDA_MESSAGES,
  RDA_STATUSES,
  isValidUsDate,
  signatureMatches,
  type FileDto,
} from '@rrp/domain';
import { apiFetch, ApiError } from '@/lib/api-client';
import { Page } from '@/components/page';
import { useCan } from '@/lib/use-can';
import { useSession } from '@/lib/session';
import { useAddRda, useRda, useUpdateRda } from '../api/institutions';
import { RdaStatusBadge } from '../components/status-badge';
import { PdfViewer } from '../components/pdf-viewer';

interface RdaData {
  status?: number;
  signature?: string;
  signature_date?: string;
  sf_signature?: string;
  sf_signature_date?: string;
  revised_date?: string;
  comments?: string | null;
}

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
    if (!signatureMatches(value, user?.full_name ?? '')) return setError(RDA_MESSAGES.signatureMismatch);
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

/** Today as YYYY-MM-DD in the user's time zone (the signature and revision dates are calendar days). */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/**
 * The administrator's form (staff §2.10, §4.5): the status, the official's signature and its date
 * as received, a revised PDF, and comments. Once the RDA is signed, the signature, date, file and
 * the Signature Needed choice are closed; once fully executed, Awaiting Execution too.
 */
function AdminForm({ file }: { file: FileDto }) {
  const data = file.additional_data as RdaData;
  const status = data.status ?? 1;
  const update = useUpdateRda(file.id);
  const queryClient = useQueryClient();
  const [comments, setComments] = useState(data.comments ?? '');
  const [choice, setChoice] = useState(String(status));
  // A save (or anyone else's) may move the status: the choice follows it, typed fields stay.
  const [seenStatus, setSeenStatus] = useState(status);
  if (seenStatus !== status) {
    setSeenStatus(status);
    setChoice(String(status));
  }
  const [signature, setSignature] = useState('');
  const [signatureDate, setSignatureDate] = useState<string | null>(null);
  const [revised, setRevised] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const signed = status !== 1;
  const options = Object.entries(RDA_STATUSES).map(([value, label]) => ({
    value,
    label,
    disabled: (signed && value === '1') || (status === 3 && value === '2'),
  }));

  const save = async () => {
    setErrors({});
    if (signature.trim() && !signatureDate) return setErrors({ signature_date: 'Required field' });
    if (signatureDate && !signature.trim()) return setErrors({ signature: 'Required field' });
    setSaving(true);
    try {
      if (revised) {
        const form = new FormData();
        form.append('file', revised, revised.name);
        form.append('revised_date', today());
        if (comments !== (data.comments ?? '')) form.append('comments', comments);
        await apiFetch<FileDto>(`file/${file.id}/`, { method: 'PATCH', body: form });
      }
      const body: Record<string, unknown> = {};
      if (!revised && comments !== (data.comments ?? '')) body.comments = comments;
      if (signature.trim())
        Object.assign(body, { signature: signature.trim(), signature_date: signatureDate });
      if (Number(choice) !== status && !(signature.trim() && choice === '2')) body.status = Number(choice);
      if (Object.keys(body).length) await update.mutateAsync(body);
      await queryClient.invalidateQueries({ queryKey: ['rda', file.id] });
      setRevised(null);
      setSignature('');
      setSignatureDate(null);
      notifications.show({ color: 'green', title: 'RDA updated', message: 'Your changes are saved.' });
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400) {
        setErrors(caught.fieldErrors);
        if (caught.body.non_field_errors) {
          notifications.show({ color: 'red', title: 'Failed to update object', message: caught.summary });
        }
      } else if (caught instanceof ApiError && caught.status === 412) {
        setErrors({ file: caught.message });
      } else if (caught instanceof ApiError) {
        notifications.show({ color: 'red', title: 'Failed to update object', message: caught.summary });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs">
      <Select
        label="Status"
        data={options}
        value={choice}
        onChange={(value) => value && setChoice(value)}
        allowDeselect={false}
        error={errors.status}
      />
      <TextInput
        label="Signing official's signature"
        description={signed ? 'Closed once the RDA is signed.' : 'As on the signed paper copy.'}
        value={signed ? (data.signature ?? '') : signature}
        onChange={(event) => setSignature(event.currentTarget.value)}
        disabled={signed}
        maxLength={200}
        error={errors.signature}
      />
      <DateInput
        label="Signature date"
        placeholder="MM/DD/YYYY"
        valueFormat="MM/DD/YYYY"
        dateParser={(text) => {
          const typed = text.trim();
          return isValidUsDate(typed)
            ? `${typed.slice(6, 10)}-${typed.slice(0, 2)}-${typed.slice(3, 5)}`
            : null;
        }}
        value={signed ? (data.signature_date?.slice(0, 10) ?? null) : signatureDate}
        onChange={setSignatureDate}
        maxDate={today()}
        clearable
        disabled={signed}
        error={errors.signature_date}
      />
      <FileInput
        label="Revised PDF"
        placeholder={signed ? 'Closed once the RDA is signed' : 'Choose a PDF'}
        // The default placeholder grey fails WCAG AA contrast.
        accept="application/pdf"
        value={revised}
        onChange={setRevised}
        clearable
        disabled={signed}
        error={errors.file}
      />
      <Textarea
        label="Comments"
        autosize
        minRows={2}
        value={comments}
        onChange={(event) => setComments(event.currentTarget.value)}
        error={errors.comments}
      />
      <Button onClick={() => void save()} loading={saving} w="fit-content">
        Save
      </Button>
    </Stack>
  );
}

/** 'Add new RDA' (staff §4.5): a fresh agreement for the institution becomes the current one. */
function AddRdaButton({ file }: { file: FileDto }) {
  const navigate = useNavigate();
  const addRda = useAddRda();
  if (!file.institution) return null;
  const institutionId = file.institution;
  return (
    <Button
      variant="light"
      loading={addRda.isPending}
      onClick={() =>
        modals.openConfirmModal({
          title: 'Add new RDA',
          children: (
            <Text size="sm">
              A new agreement awaiting the signing official&apos;s signature becomes the institution&apos;s
              current RDA. This one stays on record as it is.
            </Text>
          ),
          labels: { confirm: 'Add new RDA', cancel: 'Cancel' },
          onConfirm: () =>
            addRda.mutate(institutionId, {
              onSuccess: (saved) => {
                notifications.show({ color: 'green', title: 'New RDA added', message: saved.name });
                navigate(`/rda/${saved.current_rda}`);
              },
              onError: (error) =>
                notifications.show({
                  color: 'red',
                  title: 'Failed to update object',
                  message: error instanceof ApiError ? error.summary : '',
                }),
            }),
        })
      }
    >
      Add new RDA
    </Button>
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
  const canAddRda = useCan(file, 'create');
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
    <Page
      title="Researcher Distribution Agreement"
      actions={
        <Group justify="space-between">
          <RdaStatusBadge status={status} />
          {canAddRda && <AddRdaButton file={file} />}
        </Group>
      }
    >
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
                  Institution signature: {data.signature ?? '—'} ({formatDate(data.signature_date)})
                </Text>
                <Text size="sm">
                  Foundation signature: {data.sf_signature ?? '—'} ({formatDate(data.sf_signature_date)})
                </Text>
                {data.revised_date && <Text size="sm">Revised: {formatDate(data.revised_date)}</Text>}
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
                <AdminForm key={file.id} file={file} />
              </Card>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
