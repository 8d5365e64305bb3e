import { useState } from 'react';
import { Accordion, Alert, Button, Code, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { can } from '@rrp/domain';
import type { FormResult, FormSchema } from '@rrp/domain/forms';
import { Page } from '@/components/page';
import { useSession } from '@/lib/session';
import { DynamicForm, useDynamicForm, useFormSchema } from '@/components/dynamic-form';
import { useActor } from '@/lib/use-can';

const crumbs = [{ label: 'Form Tester', to: '/form_tester' }];

/** Chosen files have no JSON form of their own: show what was chosen. */
const describeFiles = (_key: string, value: unknown) =>
  value instanceof File ? { file: value.name, size: value.size, type: value.type } : value;

function Tester({ form }: { form: FormSchema }) {
  const state = useDynamicForm(form);
  const [result, setResult] = useState<FormResult | null>(null);
  const errorCount = result ? Object.keys(result.errors).length : 0;

  const submit = () => setResult(state.validate());
  const reset = () => {
    state.reset();
    setResult(null);
  };

  return (
    <Stack gap="lg" maw={860}>
      {state.form.description && (
        <Text size="sm" c="gray.8">
          {state.form.description}
        </Text>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="lg">
          <DynamicForm {...state.bind} />
          <Group>
            <Button type="submit">Submit</Button>
            <Button variant="default" onClick={reset}>
              Reset
            </Button>
          </Group>
        </Stack>
      </form>
      {result && errorCount > 0 && (
        <Alert color="red" title="The form has errors" role="alert">
          {errorCount === 1 ? '1 field needs' : `${errorCount} fields need`} an answer or a correction.
        </Alert>
      )}
      {result && errorCount === 0 && (
        <Paper withBorder p="md" radius="sm" role="status" aria-labelledby="cleaned-values">
          <Stack gap="xs">
            <Title order={2} fz="lg" id="cleaned-values">
              Submitted values
            </Title>
            <Text size="sm" c="gray.8">
              The answers as they would be saved: hidden fields removed, numbers and dates converted.
            </Text>
            <Code block data-testid="cleaned-values">
              {JSON.stringify(result.values, describeFiles, 2)}
            </Code>
          </Stack>
        </Paper>
      )}
      <Accordion variant="contained">
        <Accordion.Item value="schema">
          <Accordion.Control>Form schema (JSON)</Accordion.Control>
          <Accordion.Panel>
            <Code block>{JSON.stringify(form, null, 2)}</Code>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}

/** /form_tester/{objectId}: loads /forms/{objectId}.json, renders it, and checks a submission. */
export default function FormTesterScreen() {
  const { objectId = '' } = useParams();
  const { user } = useSession();
  const schema = useFormSchema(objectId);
  const actor = useActor();
  if (user && !can(actor, 'read', 'FormTester')) return <Navigate to="/404" replace />;

  const title = schema.data?.title ?? 'Form';
  return (
    <Page title={title} crumbs={crumbs}>
      {schema.isLoading && <Loader aria-label="Loading form" />}
      {schema.error && (
        <Alert color="red" title="The form could not be shown" role="alert">
          {schema.error.message}
        </Alert>
      )}
      {schema.data && <Tester key={objectId} form={schema.data} />}
    </Page>
  );
}
