import { Fragment } from 'react';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  formatDate,
  formatDateTime,
  NO_VALUE,
  type HistoryFieldDto,
  type HistoryValueDto,
} from '@rrp/domain';

function Part({ part }: { part: HistoryValueDto }) {
  switch (part.kind) {
    case 'text':
      return <>{part.text}</>;
    case 'date':
      return <>{part.time ? formatDateTime(part.value) : formatDate(part.value)}</>;
    case 'link':
      return (
        <>
          <Anchor component={Link} to={part.href} inherit underline="always">
            {part.text}
          </Anchor>
          {part.note && ` (${part.note})`}
        </>
      );
  }
}

/** A field's value in an audit trail: its parts (one per line for long text and lists), or '—'. */
export function HistoryValue({ field }: { field: Pick<HistoryFieldDto, 'value' | 'long'> | undefined }) {
  const parts = field?.value ?? [];
  if (parts.length === 0) return <Text span>{NO_VALUE}</Text>;
  const lines = field?.long ?? false;
  return (
    <Text span inherit style={{ whiteSpace: lines ? 'pre-wrap' : undefined, overflowWrap: 'anywhere' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && (lines ? '\n' : ', ')}
          <Part part={part} />
        </Fragment>
      ))}
    </Text>
  );
}
