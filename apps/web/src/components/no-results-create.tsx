import { Anchor, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';

/** A search that found nothing, with the way to create the first one (the project and request lists). */
export function NoResultsCreate({ to, label }: { to: string; label: string }) {
  return (
    <Paper withBorder p="xl" ta="center">
      <Text>No results matching search.</Text>
      <Anchor component={Link} to={to} size="sm">
        {label}
      </Anchor>
    </Paper>
  );
}
