import { Alert, Card, Grid, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import { SignInForm } from '@/components/sign-in-form';

/** /password-reset: the password was reset (or, with redirect=email_verified, the account verified); sign in. */
export default function PasswordResetScreen() {
  const [params] = useSearchParams();
  const verified = params.get('redirect') === 'email_verified';
  return (
    <Page title={verified ? 'Account Verified' : 'Password Reset'}>
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack>
            <Alert
              role="status"
              color="green"
              title={verified ? 'Your account is verified' : 'Your password has been reset'}
            >
              {verified
                ? 'Thank you for verifying your e-mail address.'
                : 'You can now sign in with your new password.'}
            </Alert>
            <Card withBorder padding="xl">
              <SignInForm />
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
