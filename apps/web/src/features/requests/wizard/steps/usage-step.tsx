import { Button, Checkbox, Group, Paper, Radio, Stack } from '@mantine/core';
import { USAGE_QUESTIONS } from '@rrp/domain';
import { TermsLink } from '@/components/terms-link';
import { usageComplete, type UsageAnswers } from '../state';

/**
 * Step 5: three yes/no questions, all to be answered Yes, and the terms box (decision 130);
 * Research Match asks for the terms only (researcher §5 "recontacting needs only the terms box").
 */
export function UsageStep({
  usage,
  termsOnly = false,
  onChange,
  onContinue,
}: {
  usage: UsageAnswers;
  termsOnly?: boolean;
  onChange: (usage: UsageAnswers) => void;
  onContinue: () => void;
}) {
  return (
    <Stack gap="md" maw={860}>
      <Paper withBorder p="md" radius="sm">
        <Stack gap="lg">
          {(termsOnly ? [] : USAGE_QUESTIONS).map((question, index) => (
            <Radio.Group
              key={question}
              label={question}
              required
              value={usage.answers[index] === null ? '' : String(usage.answers[index])}
              onChange={(value) =>
                onChange({
                  ...usage,
                  answers: usage.answers.map((answer, at) => (at === index ? value === 'true' : answer)),
                })
              }
            >
              <Group mt="xs">
                <Radio value="true" label="Yes" />
                <Radio value="false" label="No" />
              </Group>
            </Radio.Group>
          ))}
          <Checkbox
            checked={usage.terms}
            onChange={(event) => onChange({ ...usage, terms: event.currentTarget.checked })}
            label={
              <>
                I agree to the <TermsLink /> and will use the resources as described above.
              </>
            }
          />
        </Stack>
      </Paper>
      <Group>
        <Button onClick={onContinue} disabled={!usageComplete(usage, termsOnly)}>
          Continue
        </Button>
      </Group>
    </Stack>
  );
}
