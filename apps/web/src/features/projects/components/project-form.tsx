import { useState } from 'react';
import { Button, Card, Checkbox, Group, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Link } from 'react-router';
import { useForm } from '@mantine/form';
import {
  AUTISM_QUESTION,
  PROJECT_MESSAGES,
  TITLE_MAX,
  type CreateProject,
  type ProjectDto,
  type UpdateProject,
} from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { openDisplayModal } from '@/components/modals';
import { uploadIrb, useCreateProject, useUpdateProject } from '../api/projects';
import {
  emptyIrb,
  followsScientific,
  irbData,
  irbTouched,
  teamPayload,
  validateIrb,
  validateTeam,
  type IrbValues,
  type TeamRow,
} from '../rules';
import { collectMessages, irbUploadErrors } from './error-text';
import { IrbFields } from './irb-fields';
import { PiSelect } from './pi-select';
import { TeamEditor } from './team-editor';

interface ProjectValues {
  title: string;
  abstract: string;
  /** The answer to AUTISM_QUESTION: 'yes' when the project is related to autism. */
  autism_related: string | null;
  use_existing: boolean;
  public_title: string;
  public_abstract: string;
  owner: string | null;
}

const IRB_FIELDS = ['file', 'designation', 'approval_date', 'renewal_date', 'assurance_number'];

/** 'Thank you.' after an IRB upload (researcher §8). */
function openIrbThanks() {
  openDisplayModal({
    title: 'Thank you.',
    children: (
      <Text size="sm">
        Your IRB / Institutional Assurance has been received. We will review the resource request and get back
        to you with a decision soon.
      </Text>
    ),
  });
}

/** After creating a project: what was created, and the way on to requesting resources for it. */
function openProjectCreated(project: ProjectDto, withIrb: boolean) {
  const id = modals.open({
    title: 'Project created',
    children: (
      <Stack>
        <Text size="sm">
          {`${project.title} (${project.portal_project_id}) has been created${withIrb ? ' with its IRB / Institutional Assurance' : ''}. `}
          To request datasets or biospecimens for it, create a resource request.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.close(id)}>
            Close
          </Button>
          <Button
            component={Link}
            to={`/request/create?project=${project.id}#project_request_1`}
            onClick={() => modals.close(id)}
          >
            Create Resource Request
          </Button>
        </Group>
      </Stack>
    ),
  });
}

function initialValues(project: ProjectDto | undefined): ProjectValues {
  if (!project) {
    return {
      title: '',
      abstract: '',
      autism_related: null,
      use_existing: true,
      public_title: '',
      public_abstract: '',
      owner: null,
    };
  }
  return {
    title: project.title,
    abstract: project.abstract,
    autism_related: project.non_autism_research ? 'no' : 'yes',
    use_existing: followsScientific(project),
    public_title: project.public_title ?? '',
    public_abstract: project.public_abstract ?? '',
    owner: String(typeof project.owner === 'object' ? project.owner.id : project.owner),
  };
}

/**
 * The project form (researcher §5) for both creation and editing: title, abstract, the autism
 * answer (fixed once created), public title and abstract ("use existing" follows the scientific
 * ones), the PI for admins, a new IRB record, and on creation the research team.
 */
export function ProjectForm({
  project,
  choosePi,
  piRow,
  onCancel,
  onSaved,
}: {
  project?: ProjectDto;
  /** Admins choose the PI among primary researchers. */
  choosePi: boolean;
  /** The fixed PI row of the team on creation (the signed-in researcher, or the admin's choice). */
  piRow?: (owner: { id: number; name: string } | null) => TeamRow | null;
  onCancel: () => void;
  onSaved: (project: ProjectDto) => void;
}) {
  const creating = !project;
  const create = useCreateProject();
  const update = useUpdateProject(project?.id ?? 0);
  const form = useForm<ProjectValues>({
    initialValues: initialValues(project),
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (!values.title.trim()) errors.title = PROJECT_MESSAGES.requiredField;
      if (!values.abstract.trim()) errors.abstract = PROJECT_MESSAGES.requiredField;
      if (!values.autism_related) errors.autism_related = PROJECT_MESSAGES.requiredField;
      if (choosePi && !values.owner) errors.owner = PROJECT_MESSAGES.choosePi;
      if (!values.use_existing && !values.public_title.trim())
        errors.public_title = PROJECT_MESSAGES.requiredField;
      if (!values.use_existing && !values.public_abstract.trim())
        errors.public_abstract = PROJECT_MESSAGES.requiredField;
      return errors;
    },
  });
  const [irb, setIrb] = useState<IrbValues>(emptyIrb);
  const [irbErrors, setIrbErrors] = useState<Record<string, string>>({});
  const [uploaded, setUploaded] = useState<{ file: File; data: string; id: number } | null>(null);
  const [ownerName, setOwnerName] = useState<string | null>(null);
  const [team, setTeam] = useState<TeamRow[]>([]);
  const [teamErrors, setTeamErrors] = useState<Record<string, Record<string, string>>>({});
  const [teamServerErrors, setTeamServerErrors] = useState<string[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const owner = form.values.owner ? { id: Number(form.values.owner), name: ownerName ?? '' } : null;
  const pi = creating && piRow ? piRow(owner) : null;
  const teamRows = pi ? [pi, ...team] : team;

  const changeIrb = (next: IrbValues) => {
    // Errors clear as their field is edited.
    setIrbErrors((errors) =>
      Object.fromEntries(
        Object.entries(errors).filter(
          ([key]) => next[key as keyof IrbValues] === irb[key as keyof IrbValues],
        ),
      ),
    );
    setIrb(next);
  };

  /** Uploads the new IRB once (a retry after another error reuses it) and answers its id. */
  const irbId = async (): Promise<number | null> => {
    if (!irbTouched(irb) || !irb.file) return null;
    const data = JSON.stringify(irbData(irb));
    if (uploaded && uploaded.file === irb.file && uploaded.data === data) return uploaded.id;
    const file = await uploadIrb({ file: irb.file, projectId: null, additionalData: irbData(irb) });
    setUploaded({ file: irb.file, data, id: file.id });
    return file.id;
  };

  /** The IRB and team checks; they run with the form's own so every error shows at once. */
  const checkParts = () => {
    const irbCheck = irbTouched(irb) ? validateIrb(irb) : {};
    const teamCheck = validateTeam(teamRows);
    setIrbErrors(irbCheck);
    setTeamErrors(teamCheck);
    return Object.keys(irbCheck).length === 0 && Object.keys(teamCheck).length === 0;
  };

  const submit = async (values: ProjectValues) => {
    setFormError(null);
    setTeamServerErrors([]);
    if (!checkParts()) return;

    const fields = {
      title: values.title.trim(),
      abstract: values.abstract.trim(),
      non_autism_research: values.autism_related === 'no',
      public_title: values.use_existing ? values.title.trim() : values.public_title.trim(),
      public_abstract: values.use_existing ? values.abstract.trim() : values.public_abstract.trim(),
      ...(choosePi && values.owner ? { owner: Number(values.owner) } : {}),
    };
    setSaving(true);
    let stage: 'irb' | 'project' = 'irb';
    try {
      const latestIrb = await irbId();
      stage = 'project';
      let saved: ProjectDto;
      if (creating) {
        const body: CreateProject = {
          ...fields,
          ...(latestIrb ? { latest_irb: latestIrb } : {}),
          team: teamPayload(team),
        };
        saved = await create.mutateAsync(body);
      } else {
        // Only what changed is sent (researcher §7 "PATCH project/{id}: sanitized form, only when changed").
        const before = initialValues(project);
        const body: Partial<UpdateProject> = {};
        if (fields.title !== project.title) body.title = fields.title;
        if (fields.abstract !== project.abstract) body.abstract = fields.abstract;
        // Public texts that follow the scientific ones are sent only when those change.
        const publicNow = {
          title: values.use_existing ? project.public_title || project.title : (project.public_title ?? ''),
          abstract: values.use_existing
            ? project.public_abstract || project.abstract
            : (project.public_abstract ?? ''),
        };
        if (fields.public_title !== publicNow.title) body.public_title = fields.public_title;
        if (fields.public_abstract !== publicNow.abstract) body.public_abstract = fields.public_abstract;
        if (choosePi && values.owner && values.owner !== before.owner) body.owner = Number(values.owner);
        if (latestIrb) body.latest_irb = latestIrb;
        saved = Object.keys(body).length ? await update.mutateAsync(body) : project;
      }
      // A new project says what happened and offers the next step; a new IRB on an existing
      // project is the spec's IRB acknowledgement (decision 132).
      if (creating) openProjectCreated(saved, Boolean(latestIrb));
      else if (latestIrb) openIrbThanks();
      onSaved(saved);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (stage === 'irb') {
        // 412: 'File {name} did not pass virus scan'; 413: too large; 400: metadata or not a PDF.
        setIrbErrors(irbUploadErrors(error.status, error.body, error.message));
        return;
      }
      if (error.status !== 400) return;
      const { team: teamBody, ...rest } = error.body as Record<string, unknown>;
      if (teamBody) setTeamServerErrors(collectMessages(teamBody));
      // The server names the admin's PI choice `creator` or `owner`; the form shows it on one field.
      const fieldErrors = { ...error.fieldErrors };
      if (fieldErrors.creator) fieldErrors.owner ??= fieldErrors.creator;
      if (fieldErrors.non_autism_research) fieldErrors.autism_related ??= fieldErrors.non_autism_research;
      form.setErrors(
        Object.fromEntries(
          Object.entries(fieldErrors).filter(([key]) => key in form.values && key !== 'team'),
        ),
      );
      const irbFieldErrors = Object.fromEntries(
        Object.entries(fieldErrors).filter(([key]) => IRB_FIELDS.includes(key) || key === 'latest_irb'),
      );
      if (Object.keys(irbFieldErrors).length) setIrbErrors({ file: Object.values(irbFieldErrors)[0]! });
      const other = collectMessages(
        Object.fromEntries(
          Object.entries(rest).filter(
            ([key]) =>
              !(key in form.values) && !IRB_FIELDS.includes(key) && !['latest_irb', 'creator'].includes(key),
          ),
        ),
      );
      if (other.length) setFormError(other.join(' '));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={form.onSubmit(
        (values) => void submit(values),
        () => checkParts(),
      )}
      noValidate
    >
      <Stack gap="lg">
        <Card withBorder padding="lg">
          <Title order={2} fz="lg" mb="sm">
            Project
          </Title>
          <Stack gap="sm">
            {choosePi && (
              <PiSelect
                value={form.values.owner}
                current={project && typeof project.owner === 'object' ? project.owner : null}
                onChange={(value, option) => {
                  form.setFieldValue('owner', value);
                  setOwnerName(option?.full_name ?? null);
                }}
                error={form.errors.owner as string | undefined}
              />
            )}
            <TextInput label="Title" required maxLength={TITLE_MAX} {...form.getInputProps('title')} />
            <Textarea label="Abstract" required rows={11} {...form.getInputProps('abstract')} />
            <Radio.Group
              label={AUTISM_QUESTION}
              description={
                creating ? undefined : 'This answer cannot be changed after the project is created.'
              }
              required
              {...form.getInputProps('autism_related')}
            >
              <Group mt="xs">
                <Radio value="yes" label="Yes" disabled={!creating} />
                <Radio value="no" label="No" disabled={!creating} />
              </Group>
            </Radio.Group>
            <Checkbox
              label="Use the scientific title and abstract as the public (general audience) title and abstract"
              {...form.getInputProps('use_existing', { type: 'checkbox' })}
            />
            {!form.values.use_existing && (
              <>
                <TextInput
                  label="Public title"
                  required
                  maxLength={TITLE_MAX}
                  {...form.getInputProps('public_title')}
                />
                <Textarea
                  label="Public abstract"
                  required
                  rows={11}
                  {...form.getInputProps('public_abstract')}
                />
              </>
            )}
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} fz="lg" mb={4}>
            {creating ? 'IRB' : 'New IRB'}
          </Title>
          <Text size="sm" c="gray.7" mb="sm">
            {creating
              ? 'Attach the IRB approval or exemption. De-identified SSC, SPARK, Simons Searchlight, AIC and ABN data and biospecimens need none; Research Match does.'
              : 'Attach a new IRB approval or exemption to replace the current one; leave empty to keep it.'}
          </Text>
          <IrbFields value={irb} onChange={changeIrb} errors={irbErrors} />
        </Card>
        {creating && (
          <Card withBorder padding="lg">
            <Title order={2} fz="lg" mb="sm">
              Research Team
            </Title>
            {choosePi && !owner && (
              <Text size="sm" c="gray.7" mb="xs">
                The Principal Investigator heads the team once chosen above.
              </Text>
            )}
            <TeamEditor
              rows={teamRows}
              onChange={(rows) => {
                setTeam(rows.filter((row) => !row.isPi));
                setTeamErrors({});
              }}
              errors={teamErrors}
              serverErrors={teamServerErrors}
            />
          </Card>
        )}
        {formError && (
          <Text c="red.8" size="sm" role="alert">
            {formError}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={saving}>
            {creating ? 'Create Project' : 'Save'}
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
