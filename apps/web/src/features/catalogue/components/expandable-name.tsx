import type { ReactNode } from 'react';
import { Group, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';

/**
 * A row's name as the button that opens or closes its details (without following the row's own
 * click), after a chevron that shows which; `children` follow the name (e.g. a badge).
 */
export function ExpandableName({
  name,
  open,
  onToggle,
  children,
}: {
  name: ReactNode;
  open: boolean;
  onToggle: () => void;
  children?: ReactNode;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      {open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
      <UnstyledButton
        fz="sm"
        aria-expanded={open}
        onClick={(event) => {
          event.stopPropagation();
          onToggle();
        }}
      >
        {name}
      </UnstyledButton>
      {children}
    </Group>
  );
}
