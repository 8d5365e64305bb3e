import { Alert, Stack, Text } from '@mantine/core';
import { ApiError } from '@/lib/api-client';
import { errorLines } from './rules';

/** The lines of a failed call: a 400's messages, else its summary. */
export function failure(error: unknown): string[] {
  if (error instanceof ApiError) {
    const lines = errorLines(error.body);
    return lines.length > 0 ? lines : [error.summary];
  }
  return [error instanceof Error ? error.message : String(error)];
}

export function ErrorList({ lines, title }: { lines: string[]; title: string }) {
  if (lines.length === 0) return null;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Stack gap={2}>
        {lines.map((line) => (
          <Text size="sm" key={line}>
            {line}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
