import { Alert, Text } from '@mantine/core';
import { useMatches } from 'react-router';
import type { Crumb } from '@/components/page';
import { Page } from '@/components/page';

/** A route whose screen ships with a later release: its heading and breadcrumb, inside the shell. */
export default function PendingScreen() {
  const handle = useMatches().at(-1)?.handle as { title: string; crumbs?: Crumb[] } | undefined;
  return (
    <Page title={handle?.title ?? 'Page'} crumbs={handle?.crumbs}>
      <Alert variant="light" title="This page is being prepared">
        <Text size="sm">
          This part of the portal arrives with an upcoming release. Please check back soon.
        </Text>
      </Alert>
    </Page>
  );
}
