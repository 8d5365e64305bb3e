import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconClock, IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { formatDate, IRB_DESIGNATIONS, type IrbRecordDto, type ProjectDto } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { projectQueryKey, uploadIrb } from '../api/projects';
import { emptyIrb, irbData, validateIrb, type IrbValues } from '../rules';
import { IrbFields } from './irb-fields';
import { irbUploadErrors } from './error-text';
import { notify } from './notify';

const irbOf = (project: ProjectDto): IrbRecordDto | null =>
  project.latest_irb && typeof project.latest_irb === 'object' ? project.latest_irb : null;

/** Alert titles in the text colour: the light variants' coloured titles are too faint to read. */
const ALERT_TITLE = { title: { color: 'var(--mantine-color-text)' } } as const;

/** The alert (expired) or the reminder with the date (near expiry) of researcher §4. */
export function IrbNotice({ project }: { project: ProjectDto }) {
  const irb = irbOf(project);
  if (project.irb_state === 'expired')
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle aria-hidden />}
        title="Your IRB has expired."
        styles={ALERT_TITLE}
      >
        The IRB on this project expired on {formatDate(irb?.renewal_date ?? project.irb_renewal_date)}. Data
        downloads are blocked until an updated IRB is uploaded.
      </Alert>
    );
  if (project.irb_state === 'near_expiry')
    return (
      <Alert
        color="yellow"
        icon={<IconClock aria-hidden />}
        title="IRB renewal reminder"
        styles={ALERT_TITLE}
      >
        The IRB on this project expires on {formatDate(irb?.renewal_date ?? project.irb_renewal_date)}. Please
        upload the renewed IRB before then.
      </Alert>
    );
  return null;
}

/** The form of the 'Update IRB' modal: uploads a new IRB for the project ('IRB Updated Successful'). */
function UpdateIrbForm({ project, onDone }: { project: ProjectDto; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState<IrbValues>(emptyIrb);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const check = validateIrb(value);
    setErrors(check);
    if (Object.keys(check).length) return;
    setSaving(true);
    try {
      await uploadIrb({ file: value.file!, projectId: project.id, additionalData: irbData(value) });
      await queryClient.invalidateQueries({ queryKey: projectQueryKey(project.id) });
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
      notify({
        color: 'green',
        title: 'IRB Updated Successful',
        message:
          'Your IRB / Institutional Assurance has been received. We will review the resource request and get back to you with a decision soon.',
      });
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setErrors(irbUploadErrors(error.status, error.body, error.message));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack>
      <IrbFields
        value={value}
        onChange={(next) => {
          setErrors({});
          setValue(next);
        }}
        errors={errors}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button loading={saving} onClick={() => void save()}>
          Upload IRB
        </Button>
      </Group>
    </Stack>
  );
}

function openUpdateIrb(project: ProjectDto) {
  const id = modals.open({
    title: 'Update IRB',
    size: 'xl',
    children: <UpdateIrbForm project={project} onDone={() => modals.close(id)} />,
  });
}

/** 'The IRB on this project has expired.' with Update IRB or Dismiss, once per visit (researcher §8). */
export function useExpiredIrbModal(project: ProjectDto | undefined, canUpdate: boolean) {
  const shown = useRef(false);
  useEffect(() => {
    if (!project || !canUpdate || project.irb_state !== 'expired' || shown.current) return;
    shown.current = true;
    modals.openConfirmModal({
      title: 'The IRB on this project has expired.',
      children: (
        <Text size="sm">
          Upload the renewed IRB so that the project&apos;s requests and data downloads can continue.
        </Text>
      ),
      labels: { confirm: 'Update IRB', cancel: 'Dismiss' },
      onConfirm: () => openUpdateIrb(project),
    });
  }, [project, canUpdate]);
}

/** The IRB panel of the read-only project page. */
export function IrbCard({ project, canUpdate }: { project: ProjectDto; canUpdate: boolean }) {
  const irb = irbOf(project);
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          IRB
        </Title>
        {canUpdate && (
          <Button size="xs" variant="light" onClick={() => openUpdateIrb(project)}>
            Update IRB
          </Button>
        )}
      </Group>
      {irb ? (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Text size="sm">
              <strong>Designation:</strong>{' '}
              {irb.designation ? IRB_DESIGNATIONS[irb.designation as 1 | 2] : '—'}
            </Text>
            <Text size="sm">
              <strong>Assurance number:</strong> {irb.assurance_number || '—'}
            </Text>
            <Text size="sm">
              <strong>Approval date:</strong> {formatDate(irb.approval_date)}
            </Text>
            <Text size="sm">
              <strong>Renewal date:</strong> {irb.designation === 2 ? 'Exempt' : formatDate(irb.renewal_date)}
            </Text>
          </SimpleGrid>
          <Group>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
              onClick={() => void downloadFile(irb.id)}
            >
              View IRB
            </Button>
            <Text size="xs" c="gray.7">
              {irb.name}
            </Text>
          </Group>
        </Stack>
      ) : (
        <Text size="sm">No IRB on file for this project.</Text>
      )}
    </Card>
  );
}
