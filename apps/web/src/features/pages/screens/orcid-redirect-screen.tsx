import { useEffect } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';

/**
 * The ORCID popup's landing page (foundation §2): hands its query string (the OAuth code) to the
 * window that opened it, on this site only, then closes.
 */
export default function OrcidRedirectScreen() {
  useEffect(() => {
    if (window.opener) {
      window.opener.postMessage(
        { type: 'orcid-redirect', search: window.location.search },
        window.location.origin,
      );
      window.close();
    }
  }, []);
  return (
    <Center py="xl">
      <Stack align="center">
        <Loader aria-label="Redirecting" />
        <Text>Redirecting...</Text>
      </Stack>
    </Center>
  );
}
