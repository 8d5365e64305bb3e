import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Radio, Stack, Table, Text } from '@mantine/core';
import {
  fillProduct,
  normalizeSampleIds,
  validateForm,
  type FormErrors,
  type FormSchema,
  type FormValues,
} from '@rrp/domain/forms';
import { DynamicForm } from '@/components/dynamic-form';
import { ApiError } from '@/lib/api-client';
import { PRODUCT_NAME } from '@/lib/config';
import { useFormSchemas, validateSamples, type SampleResult } from '../api';
import { availabilityPasses, REQUEST_MESSAGES, yes, type SampleAvailability } from '@rrp/domain';
import { SAMPLE_LEGEND, SAMPLE_MESSAGES, type Resource } from '../rules';

const passes = (availability: string | undefined, generateIpscs: boolean) =>
  availabilityPasses((availability ?? 'Invalid Id') as SampleAvailability, generateIpscs);

const legendFor = (availability: string) =>
  SAMPLE_LEGEND.find((entry) => entry.value.toLowerCase() === availability.toLowerCase());

/** The colour legend of sample availability (biospecimen_epic). */
function SampleLegend() {
  return (
    <Stack gap={4} aria-label="Sample status legend" component="section">
      <Text size="sm" fw={600}>
        Sample status legend
      </Text>
      <Group gap="sm">
        {SAMPLE_LEGEND.map((entry) => (
          <Group gap={4} key={entry.value}>
            <Badge color={entry.color} variant="filled" c="black">
              {entry.label}
            </Badge>
            {entry.note && (
              <Text size="xs" c="gray.8">
                {entry.note}
              </Text>
            )}
          </Group>
        ))}
      </Group>
    </Stack>
  );
}

function SampleResults({
  results,
  epic,
  generateIpscs,
}: {
  results: Record<string, SampleResult>;
  epic: boolean;
  generateIpscs: boolean;
}) {
  const entries = Object.entries(results);
  if (entries.length === 0) return null;
  const failing = entries.some(([, result]) => !passes(result.availability, generateIpscs));
  return (
    <Stack gap="xs">
      {failing && (
        <Text c="red.9" fw={600} role="alert">
          {SAMPLE_MESSAGES.fixIds(epic)}
        </Text>
      )}
      <Table withTableBorder striped aria-label="Sample availability">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sample ID</Table.Th>
            <Table.Th>Availability</Table.Th>
            <Table.Th>Amount available</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map(([id, result]) => {
            const legend = legendFor(result.availability);
            return (
              <Table.Tr key={id}>
                <Table.Td>{id}</Table.Td>
                <Table.Td>
                  <Badge color={legend?.color ?? 'gray.3'} variant="filled" c="black">
                    {legend?.label ?? result.availability}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {result.amount_available != null ? `${result.amount_available} ${result.unit ?? ''}` : '—'}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Step 3: a form per resource kind; biospecimen sample ids are checked with the server. */
export function DetailsStep({
  formIds,
  selection,
  values,
  errors,
  sampleResults,
  epic,
  askIntent,
  intentToDownload,
  onIntent,
  onChange,
  onSampleResults,
  onContinue,
}: {
  formIds: string[];
  selection: Resource[];
  values: Record<string, FormValues>;
  errors: Record<string, FormErrors>;
  sampleResults: Record<string, SampleResult>;
  /** The biospecimen_epic feature flag. */
  epic: boolean;
  /** Whether to ask if the team will download the data (a dataset delivered through the cloud). */
  askIntent: boolean;
  intentToDownload: boolean | null;
  onIntent: (intent: boolean) => void;
  onChange: (formId: string, values: FormValues, errors: FormErrors) => void;
  onSampleResults: (results: Record<string, SampleResult>) => void;
  onContinue: (cleaned: Record<string, FormValues>) => void;
}) {
  const schemas = useFormSchemas(formIds);
  const [banner, setBanner] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [intentError, setIntentError] = useState<string | null>(null);
  const [callError, setCallError] = useState<string | null>(null);
  const sample = selection.find((resource) => resource.kind === 'sample') ?? null;

  if (schemas.isPending) return <Loader aria-label="Loading the resource forms" />;
  if (schemas.isError)
    return (
      <Alert color="red" role="alert">
        {schemas.error.message}
      </Alert>
    );
  const forms: FormSchema[] = schemas.data.map((form) => fillProduct(form, PRODUCT_NAME));
  const sampleValues = sample ? (values[sample.formCode ?? ''] ?? {}) : {};
  const sampleIds = normalizeSampleIds(sampleValues.samples);
  const generateIpscs = yes(sampleValues.generate_ipscs);

  const checkSamples = async (): Promise<Record<string, SampleResult> | null> => {
    if (!sample) return {};
    setCallError(null);
    setChecking(true);
    try {
      const results = await validateSamples(sample.id, sampleIds);
      onSampleResults(results);
      return results;
    } catch (error) {
      setCallError(
        error instanceof ApiError ? `General Error: ${error.summary}` : `General Error: ${String(error)}`,
      );
      return null;
    } finally {
      setChecking(false);
    }
  };

  const submit = async () => {
    setBanner(null);
    const cleaned: Record<string, FormValues> = {};
    let valid = true;
    if (askIntent && intentToDownload === null) {
      setIntentError(REQUEST_MESSAGES.requiredField);
      valid = false;
    }
    for (const form of forms) {
      const result = validateForm(form, values[form.id] ?? {});
      onChange(form.id, values[form.id] ?? {}, result.errors);
      if (Object.keys(result.errors).length > 0) valid = false;
      cleaned[form.id] = result.values;
    }
    if (sample && sampleIds.length === 0) {
      setBanner(SAMPLE_MESSAGES.required);
      return;
    }
    if (!valid) return;
    if (sample) {
      const results = await checkSamples();
      if (!results) return;
      const failing = sampleIds.some((id) => !passes(results[id]?.availability, generateIpscs));
      if (failing) {
        setBanner(SAMPLE_MESSAGES.saveFailed);
        return;
      }
    }
    onContinue(cleaned);
  };

  return (
    <Stack gap="lg" maw={860}>
      {askIntent && (
        <Paper withBorder p="md" radius="sm">
          <Radio.Group
            label="Will your team download the data (Globus transfer or cloud storage)?"
            description="A Globus username is needed to deliver the data."
            required
            value={intentToDownload === null ? '' : intentToDownload ? 'yes' : 'no'}
            onChange={(value) => {
              setIntentError(null);
              onIntent(value === 'yes');
            }}
            error={intentError}
          >
            <Group mt="xs">
              <Radio value="yes" label="Yes" />
              <Radio value="no" label="No" />
            </Group>
          </Radio.Group>
        </Paper>
      )}
      {forms.map((form) => (
        <Paper withBorder p="md" radius="sm" key={form.id} component="section" aria-label={form.title}>
          <Stack gap="md">
            {form.id === sample?.formCode && (
              <Stack gap="sm">
                {epic && (
                  <>
                    <SampleLegend />
                    <Group>
                      <Button
                        variant="light"
                        onClick={checkSamples}
                        loading={checking}
                        disabled={sampleIds.length === 0}
                      >
                        Validate
                      </Button>
                    </Group>
                  </>
                )}
                <SampleResults results={sampleResults} epic={epic} generateIpscs={generateIpscs} />
              </Stack>
            )}
            <DynamicForm
              form={form}
              headingOrder={3}
              values={values[form.id] ?? {}}
              errors={errors[form.id] ?? {}}
              onChange={(next) => {
                onChange(form.id, next.values, next.errors);
                if (form.id === sample?.formCode) {
                  setBanner(null);
                  const kept = normalizeSampleIds(next.values.samples);
                  onSampleResults(
                    Object.fromEntries(Object.entries(sampleResults).filter(([id]) => kept.includes(id))),
                  );
                }
              }}
            />
          </Stack>
        </Paper>
      ))}
      {banner && (
        <Text c="red.9" fw={600} role="alert">
          {banner}
        </Text>
      )}
      {callError && (
        <Alert color="red" role="alert">
          {callError}
        </Alert>
      )}
      <Group>
        <Button onClick={submit} loading={checking}>
          Continue
        </Button>
      </Group>
    </Stack>
  );
}
