import { useMemo } from 'react';
import { Box, Text } from '@mantine/core';
import { sanitizeHtml } from './safe-html';
import classes from './safe-html.module.css';

/** Rich text the server sanitised (a description, a release note), filtered once more in the browser before it is shown. */
export function SafeHtml({ html, empty = 'No description.' }: { html: string; empty?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (!clean.trim())
    return (
      <Text size="sm" c="gray.7">
        {empty}
      </Text>
    );
  return <Box className={classes.richText} fz="sm" dangerouslySetInnerHTML={{ __html: clean }} />;
}
