import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { reportError } from '@/lib/error-reporting';

/**
 * Shown if a screen fails to load or render: the app stays usable and says what to do. The
 * error goes to error reporting when it is on (the router catches it, so nothing else sees it).
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    // A route's own "not found" answer is not a failure of the app.
    if (!isRouteErrorResponse(error)) void reportError(error);
  }, [error]);
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
