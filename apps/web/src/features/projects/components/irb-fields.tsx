import { FileInput, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { ASSURANCE_NUMBER_MAX, IRB_DESIGNATIONS } from '@rrp/domain';
import type { IrbValues } from '../rules';
import { UsDateInput } from './us-date-input';

/**
 * The IRB form (researcher §5): the PDF, the designation, approval and renewal dates and the
 * assurance number. Changing the designation clears the renewal date; exempt IRBs have none.
 */
export function IrbFields({
  value,
  onChange,
  errors,
  disabled,
}: {
  value: IrbValues;
  onChange: (value: IrbValues) => void;
  errors: Record<string, string>;
  disabled?: boolean;
}) {
  const set = <K extends keyof IrbValues>(key: K, next: IrbValues[K]) => onChange({ ...value, [key]: next });
  return (
    <Stack gap="sm">
      <FileInput
        label="IRB / Institutional Assurance document"
        description="A PDF of the approval letter or the exemption determination."
        placeholder="Choose a PDF file"
        accept="application/pdf,.pdf"
        leftSection={<IconFileTypePdf size={16} aria-hidden />}
        value={value.file}
        onChange={(file) => set('file', file)}
        error={errors.file}
        clearable
        disabled={disabled}
      />
      <Radio.Group
        label="IRB designation"
        value={value.designation}
        onChange={(designation) => onChange({ ...value, designation, renewal_date: '' })}
        error={errors.designation}
      >
        <Group mt="xs">
          {Object.entries(IRB_DESIGNATIONS).map(([id, label]) => (
            <Radio key={id} value={id} label={label} disabled={disabled} />
          ))}
        </Group>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <UsDateInput
          label="Approval date"
          value={value.approval_date}
          onChange={(next) => set('approval_date', next)}
          error={errors.approval_date}
          disabled={disabled}
        />
        {value.designation !== '2' && (
          <UsDateInput
            label="Renewal date"
            value={value.renewal_date}
            onChange={(next) => set('renewal_date', next)}
            error={errors.renewal_date}
            disabled={disabled}
          />
        )}
        <TextInput
          label="Assurance number"
          maxLength={ASSURANCE_NUMBER_MAX}
          value={value.assurance_number}
          onChange={(event) => set('assurance_number', event.currentTarget.value)}
          error={errors.assurance_number}
          disabled={disabled}
        />
      </SimpleGrid>
      {value.designation === '2' && (
        <Text size="sm" c="gray.7">
          Exempt IRBs have no renewal date.
        </Text>
      )}
    </Stack>
  );
}
