import { Button, Container, Stack, Text, Title } from '@mantine/core';

/** Shown if a screen fails to load or render: the app stays usable and says what to do. */
export function RouteErrorScreen() {
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>Something went wrong</Title>
        <Text>
          This page could not be shown. Reloading usually helps; if it does not, please contact support.
        </Text>
        <Button onClick={() => window.location.reload()} w="fit-content">
          Reload
        </Button>
      </Stack>
    </Container>
  );
}
