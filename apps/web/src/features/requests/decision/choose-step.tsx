import { Alert, Button, Group, List, Radio, Stack, Text } from '@mantine/core';
import type { RequestDecisions } from '@rrp/domain';
import { canContinue, DECISION_TEXT, showTeamGaps } from './rules';

/** Text colours that pass the contrast check on white and on the light alert backgrounds. */
const READABLE_ALERT = { title: { color: 'var(--mantine-color-text)' } };
/** The first step: the decisions open to the caller, and the team's gaps when they matter. */
export function ChooseStep({
  decisions,
  chosen,
  onChoose,
  onCancel,
  onContinue,
}: {
  decisions: RequestDecisions;
  chosen: number | null;
  onChoose: (status: number) => void;
  onCancel: () => void;
  onContinue: () => void;
}) {
  const { options } = decisions;
  return (
    <Stack>
      <Text size="sm">
        Current status: <strong>{decisions.status_name}</strong>
      </Text>
      {options.length === 0 ? (
        <Alert color="gray" variant="light">
          <Text size="sm">{DECISION_TEXT.noOptions}</Text>
        </Alert>
      ) : (
        <Radio.Group
          label={DECISION_TEXT.decision}
          value={chosen === null ? null : String(chosen)}
          onChange={(value) => onChoose(Number(value))}
        >
          <Stack gap="xs" mt="xs">
            {options.map((option) => (
              <Radio
                key={option.status}
                value={String(option.status)}
                label={option.action === option.name ? option.name : `${option.action} (${option.name})`}
                description={option.email === 'required' ? DECISION_TEXT.required : undefined}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {showTeamGaps(decisions) && (
        <Alert color="yellow" variant="light" title={DECISION_TEXT.teamTitle} styles={READABLE_ALERT}>
          <Stack gap={6}>
            <Text size="sm">{DECISION_TEXT.teamIntro}</Text>
            <List size="sm" spacing={2}>
              {decisions.team.missing.map((gap) => (
                <List.Item key={`${gap.user_id ?? gap.display_name}`}>
                  <strong>{gap.display_name}</strong>: {gap.reasons.join('; ')}
                </List.Item>
              ))}
            </List>
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {DECISION_TEXT.cancel}
        </Button>
        <Button onClick={onContinue} disabled={!canContinue(options, chosen)}>
          {DECISION_TEXT.continue}
        </Button>
      </Group>
    </Stack>
  );
}
