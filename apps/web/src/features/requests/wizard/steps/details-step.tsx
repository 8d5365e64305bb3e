import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, Paper, Radio, Stack, Text } from '@mantine/core';
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
import { CART_MESSAGES, REQUEST_MESSAGES, yes } from '@rrp/domain';
import { SAMPLE_CHECK_DELAY_MS, SAMPLE_MESSAGES, type Resource } from '../rules';
import { SampleResults, samplePasses, type SampleResultsHandle } from './sample-availability';

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
  collection,
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
  /**
   * Pilot tissue and tissue requests: the collection chosen, and its selector given the error to
   * show ('*Required Field' until one is chosen).
   */
  collection?: { cartId: number | null; render: (error: string | null) => ReactNode };
}) {
  const schemas = useFormSchemas(formIds);
  const [banner, setBanner] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [intentError, setIntentError] = useState<string | null>(null);
  const [callError, setCallError] = useState<string | null>(null);
  const [collectionTried, setCollectionTried] = useState(false);
  const collectionError =
    collection && collectionTried && collection.cartId === null ? CART_MESSAGES.required : null;
  const sample = selection.find((resource) => resource.kind === 'sample') ?? null;
  const sampleValues = sample ? (values[sample.formCode ?? ''] ?? {}) : {};
  const sampleIds = normalizeSampleIds(sampleValues.samples);
  const generateIpscs = yes(sampleValues.generate_ipscs);
  const resultsView = useRef<SampleResultsHandle>(null);
  // The latest ids and results, for checks that finish after the ids changed again.
  const latest = useRef({ ids: sampleIds, results: sampleResults });
  useEffect(() => {
    latest.current = { ids: sampleIds, results: sampleResults };
  });

  // The check waiting for typing to rest; Continue checks at once instead.
  const restingCheck = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The check under way: Continue pressed while the typed ids are being checked waits for that
  // answer instead of asking again.
  const running = useRef<{ key: string; answer: Promise<Record<string, SampleResult> | null> } | null>(null);

  /** Checks the ids not checked yet (100 a call) and keeps the results of the ids still listed. */
  const checkSamples = (): Promise<Record<string, SampleResult> | null> => {
    if (!sample) return Promise.resolve({});
    const unchecked = latest.current.ids.filter((id) => !latest.current.results[id]);
    if (unchecked.length === 0) return Promise.resolve(latest.current.results);
    const key = unchecked.join(',');
    if (running.current?.key === key) return running.current.answer;
    const answer = requestChecks(sample.id, unchecked).finally(() => {
      if (running.current?.key === key) running.current = null;
    });
    running.current = { key, answer };
    return answer;
  };

  const requestChecks = async (
    sampleTypeId: number,
    unchecked: string[],
  ): Promise<Record<string, SampleResult> | null> => {
    setCallError(null);
    setChecking(true);
    try {
      const found = await validateSamples(sampleTypeId, unchecked);
      const merged = { ...latest.current.results, ...found };
      const kept = Object.fromEntries(
        latest.current.ids.flatMap((id) => (merged[id] ? [[id, merged[id]]] : [])),
      );
      // Known at once, not only after the next render: Continue pressed in between does not ask again.
      latest.current = { ...latest.current, results: kept };
      onSampleResults(kept);
      return kept;
    } catch (error) {
      setCallError(
        error instanceof ApiError ? `General Error: ${error.summary}` : `General Error: ${String(error)}`,
      );
      return null;
    } finally {
      setChecking(false);
    }
  };

  // Ids are checked as they are entered, once typing rests (decision 133).
  const idsKey = sampleIds.join(',');
  useEffect(() => {
    if (!sample || idsKey === '' || sampleIds.every((id) => sampleResults[id])) return;
    const timer = setTimeout(() => void checkSamples(), SAMPLE_CHECK_DELAY_MS);
    restingCheck.current = timer;
    return () => clearTimeout(timer);
    // Only a change of the ids starts a check; the results it brings must not start another.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idsKey, sample?.id]);

  if (schemas.isPending) return <Loader aria-label="Loading the resource forms" />;
  if (schemas.isError)
    return (
      <Alert color="red" role="alert">
        {schemas.error.message}
      </Alert>
    );
  const forms: FormSchema[] = schemas.data.map((form) => fillProduct(form, PRODUCT_NAME));

  const submit = async () => {
    setBanner(null);
    const cleaned: Record<string, FormValues> = {};
    let valid = true;
    if (collection && collection.cartId === null) {
      setCollectionTried(true);
      valid = false;
    }
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
      clearTimeout(restingCheck.current);
      const results = await checkSamples();
      if (!results) return;
      const failing = sampleIds.some((id) => !samplePasses(results[id]?.availability, generateIpscs));
      if (failing) {
        // The message sits with the results; focus goes to the first id to fix.
        setBanner(SAMPLE_MESSAGES.saveFailed);
        setTimeout(() => resultsView.current?.focusFirstBlocked(), 0);
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
      {collection?.render(collectionError)}
      {forms.map((form) => (
        <Paper withBorder p="md" radius="sm" key={form.id} component="section" aria-label={form.title}>
          <Stack gap="md">
            {form.id === sample?.formCode && epic && (
              <Group>
                <Button
                  variant="light"
                  onClick={() => void checkSamples()}
                  loading={checking}
                  disabled={sampleIds.length === 0}
                >
                  Validate
                </Button>
              </Group>
            )}
            <DynamicForm
              form={form}
              headingOrder={3}
              values={values[form.id] ?? {}}
              errors={errors[form.id] ?? {}}
              addons={
                form.id === sample?.formCode
                  ? {
                      samples: (
                        <SampleResults
                          ref={resultsView}
                          ids={sampleIds}
                          results={sampleResults}
                          epic={epic}
                          generateIpscs={generateIpscs}
                          banner={banner}
                          checking={checking}
                        />
                      ),
                    }
                  : undefined
              }
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
      {banner && !sample && (
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
