import { Button, Card, Code, Grid, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { FourStepGuide } from '@/components/four-step-guide';
import { SignInForm } from '@/components/sign-in-form';
import { useSession } from '@/lib/session';
import { useEffect } from 'react';
import { PRODUCT_NAME } from '@/lib/config';

/** 'Looking for something?' (foundation §2), for /404 and every unknown path. */
export default function NotFoundScreen() {
  const { token } = useSession();
  const location = useLocation();
  const correlationId = (location.state as { correlationId?: string } | null)?.correlationId;
  useEffect(() => {
    document.title = `Looking for something? · ${PRODUCT_NAME}`;
  }, []);

  return (
    <Stack gap="lg">
      <Title order={1}>Looking for something?</Title>
      <Text>
        We could not find the page you asked for. It may have moved, or the address may be mistyped.
      </Text>
      {correlationId && (
        <Text size="sm">
          Reference for support: <Code>{correlationId}</Code>
        </Text>
      )}
      {token ? (
        <Button component={Link} to="/" w="fit-content">
          Return To Home
        </Button>
      ) : (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder padding="xl" radius="md">
              <Stack>
                <Title order={2} fz="xl">
                  Sign in
                </Title>
                <SignInForm />
                <Button component={Link} to="/register" variant="light">
                  Create an Account
                </Button>
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <FourStepGuide />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
