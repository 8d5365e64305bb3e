import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { footerYears, type MetaDataDto } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@/lib/config';
import classes from './shell.module.css';

function useVersion(): string | null {
  const { data } = useQuery({
    queryKey: ['meta-data'],
    queryFn: () => apiFetch<{ results: MetaDataDto[] }>('meta-data/', { query: { enabled: 'True' } }),
    staleTime: Infinity,
  });
  return data?.results[0]?.version ?? null;
}

/**
 * The footer: mission, links and version; `minimal` on the not-found page (foundation §2); `wide`
 * lines it up with a wide screen's content.
 */
export function Footer({ minimal = false, wide = false }: { minimal?: boolean; wide?: boolean }) {
  const size = wide ? 'xl' : 'lg';
  const version = useVersion();
  const copyright = (
    // The sign-in page is rendered at build: a browser in a later year writes its own year over it.
    <Text size="xs" c="gray.7" suppressHydrationWarning>
      © {footerYears()} {PRODUCT_NAME}
      {version ? ` · Version ${version}` : ''}
    </Text>
  );
  if (minimal) {
    return (
      <Container size={size} py="sm">
        {copyright}
      </Container>
    );
  }
  return (
    <div className={classes.footer}>
      <Container size={size} py="lg">
        <Stack gap="sm">
          <Text size="sm" maw={720}>
            Our mission is to advance autism research by giving qualified researchers responsible access to
            data, biospecimens and participants who have agreed to be recontacted.
          </Text>
          <Group gap="lg" component="nav" aria-label="Footer">
            <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm">
              Help
            </Anchor>
            <Anchor component={Link} to="/terms-and-conditions#privacy" size="sm">
              Privacy
            </Anchor>
            <Anchor component={Link} to="/terms-and-conditions#cookies" size="sm">
              Cookies
            </Anchor>
            <Anchor component={Link} to="/terms-and-conditions" size="sm">
              Terms
            </Anchor>
            <Anchor component={Link} to="/feedback" size="sm">
              Feedback
            </Anchor>
          </Group>
          {copyright}
        </Stack>
      </Container>
    </div>
  );
}
