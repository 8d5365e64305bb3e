import { useState } from 'react';
import {
  Button,
  Collapse,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
  useMatches,
} from '@mantine/core';
import { IconChevronUp } from '@tabler/icons-react';
import type { Resource } from '../rules';
import classes from './resources-step.module.css';

const LIST_ID = 'selected-resources-list';

/**
 * The wizard's cart, 'Selected Resources', with Continue. Beside the resource list it stays in
 * view while the list scrolls; below the `md` breakpoint it is a bar at the foot of the screen
 * whose list folds away above Continue, so Continue is always one tap away on a phone.
 */
export function SelectedResources({
  selection,
  onRemove,
  onContinue,
}: {
  selection: Resource[];
  onRemove: (resource: Resource) => void;
  onContinue: () => void;
}) {
  const folding = useMatches({ base: true, md: false });
  const [unfolded, setUnfolded] = useState(false);
  const title = folding ? (
    <UnstyledButton
      className={classes.cartToggle}
      aria-expanded={unfolded}
      aria-controls={LIST_ID}
      onClick={() => setUnfolded((open) => !open)}
    >
      <Group justify="space-between" wrap="nowrap">
        <span>{`Selected Resources (${selection.length})`}</span>
        <IconChevronUp
          size={18}
          aria-hidden
          style={{ transform: unfolded ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
        />
      </Group>
    </UnstyledButton>
  ) : (
    'Selected Resources'
  );

  return (
    <Paper
      withBorder
      p="md"
      radius="sm"
      component="aside"
      aria-labelledby="selected-resources"
      className={classes.cart}
    >
      <Stack gap="sm">
        <Title order={3} fz="lg" id="selected-resources">
          {title}
        </Title>
        <Collapse expanded={!folding || unfolded} id={LIST_ID}>
          <Stack gap="sm" className={classes.cartList}>
            {selection.length === 0 && (
              <Text size="sm" c="gray.7">
                No resources selected.
              </Text>
            )}
            {selection.map((resource) => (
              <Group key={resource.key} justify="space-between" wrap="nowrap">
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {resource.name}
                  </Text>
                  {resource.group !== resource.name && (
                    <Text size="xs" c="gray.7">
                      {resource.group}
                    </Text>
                  )}
                </Stack>
                <Button
                  variant="subtle"
                  color="red"
                  c="red.9"
                  size="compact-sm"
                  aria-label={`Remove ${resource.name}`}
                  onClick={() => onRemove(resource)}
                >
                  Remove
                </Button>
              </Group>
            ))}
          </Stack>
        </Collapse>
        <Button onClick={onContinue} disabled={selection.length === 0}>
          Continue
        </Button>
      </Stack>
    </Paper>
  );
}
