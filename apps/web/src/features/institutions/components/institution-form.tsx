import {
  Button,
  Grid,
  Group,
  Radio,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import {
  INSTITUTION_APPROVED,
  INSTITUTION_STATUSES,
  LIMITS,
  MESSAGES,
  createInstitutionSchema,
  type CreateInstitution,
  type InstitutionDto,
} from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { SUPPORT_EMAIL } from '@/lib/config';

interface InstitutionFormValues {
  name: string;
  official_name: string;
  ein: string;
  nonprofit: 'true' | 'false';
  domains: string[];
  associated_names: string[];
  phone_number: string;
  status: string;
  comments: string;
}

/** Descriptions dark enough for WCAG AA contrast on white. */

const STATUS_OPTIONS = Object.entries(INSTITUTION_STATUSES).map(([value, label]) => ({ value, label }));

export function formValuesOf(institution?: InstitutionDto): InstitutionFormValues {
  return {
    name: institution?.name ?? '',
    official_name: institution?.official_name ?? '',
    ein: institution?.ein ?? '',
    nonprofit: institution && !institution.nonprofit ? 'false' : 'true',
    domains: institution?.domains ?? [],
    associated_names: institution?.associated_names ?? [],
    phone_number: institution?.phone_number ?? '',
    status: String(institution?.status ?? INSTITUTION_APPROVED),
    comments: institution?.comments ?? '',
  };
}

/** The form's values as the API takes them (the create payload; edits leave the status out). */
export function payloadOf(values: InstitutionFormValues, withStatus: boolean): CreateInstitution {
  return {
    name: values.name.trim(),
    official_name: values.official_name.trim(),
    ein: values.ein.trim() || null,
    nonprofit: values.nonprofit === 'true',
    domains: values.domains.map((domain) => domain.trim().toLowerCase()),
    associated_names: values.associated_names.map((name) => name.trim()),
    phone_number: values.phone_number.trim() || null,
    comments: values.comments.trim() || null,
    ...(withStatus ? { status: Number(values.status) } : {}),
  };
}

/** The form's label of each field it sends (the conflict dialog names them so). */
export const INSTITUTION_FIELD_LABELS: Record<string, string> = {
  name: 'Common name',
  official_name: 'Official (legal) name',
  ein: 'EIN',
  nonprofit: 'Non-profit',
  domains: 'E-mail domains',
  associated_names: 'Other names',
  phone_number: 'Phone number',
  comments: 'Comments',
};

/** An institution as the edit form sends it (no status): what the conflict dialog compares. */
export const editPayloadOf = (institution: InstitutionDto) => payloadOf(formValuesOf(institution), false);

/** First message per field, with array items ('domains.1') reported on their field. */
function fieldErrorsOf(error: ApiError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fieldErrors)) errors[key.split('.')[0]!] ??= message;
  return errors;
}

/**
 * The administrator's institution form, for creating (with the status) and editing. Field
 * errors show on their fields; 'EIN already exists' also opens the spec's modal with the help
 * contact (foundation §8).
 */
export function InstitutionForm({
  institution,
  submitLabel,
  onSubmit,
  onCancel,
  failureTitle,
}: {
  /** The institution being edited; absent when creating. */
  institution?: InstitutionDto;
  submitLabel: string;
  onSubmit: (payload: CreateInstitution) => Promise<unknown>;
  onCancel: () => void;
  /** Title of the modal for an error that belongs to no field. */
  failureTitle: string;
}) {
  const creating = !institution;
  const form = useForm<InstitutionFormValues>({
    initialValues: formValuesOf(institution),
    validate: (values) => {
      const parsed = createInstitutionSchema.safeParse(payloadOf(values, creating));
      const errors: Record<string, string> = {};
      if (!parsed.success)
        for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      return errors;
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(payloadOf(values, creating));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) return;
      const fields = fieldErrorsOf(error);
      const { non_field_errors: nonField, ...onFields } = fields;
      form.setErrors(onFields);
      if (fields.ein === MESSAGES.einExists) {
        modals.open({
          title: MESSAGES.einExists,
          children: (
            <Text size="sm">
              Another institution is already registered with this EIN. Check the institution list, or contact{' '}
              {SUPPORT_EMAIL} for help.
            </Text>
          ),
        });
      } else if (nonField) {
        modals.open({ title: failureTitle, children: <Text size="sm">{nonField}</Text> });
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={creating ? 'New institution' : 'Edit institution'}>
      <Stack>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Common name"
              required
              maxLength={LIMITS.field.institutionName}
              {...form.getInputProps('name')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Official (legal) name"
              required
              maxLength={LIMITS.field.institutionName}
              {...form.getInputProps('official_name')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="EIN" maxLength={LIMITS.field.ein} {...form.getInputProps('ein')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Phone number"
              type="tel"
              maxLength={LIMITS.field.phone}
              {...form.getInputProps('phone_number')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Radio.Group label="Institution type" {...form.getInputProps('nonprofit')}>
              <Group gap="lg" mt="xs">
                <Radio value="true" label="Non-profit" />
                <Radio value="false" label="For-profit" />
              </Group>
            </Radio.Group>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TagsInput
              label="E-mail domains"
              description="For example harbor.edu; press Enter after each."
              {...form.getInputProps('domains')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TagsInput
              label="Other names"
              description="Names the institution is also known by; press Enter after each."
              {...form.getInputProps('associated_names')}
            />
          </Grid.Col>
          {creating && (
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label="Status"
                data={STATUS_OPTIONS}
                allowDeselect={false}
                {...form.getInputProps('status')}
              />
            </Grid.Col>
          )}
          <Grid.Col span={12}>
            <Textarea label="Comments" autosize minRows={3} {...form.getInputProps('comments')} />
          </Grid.Col>
        </Grid>
        <Group>
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
