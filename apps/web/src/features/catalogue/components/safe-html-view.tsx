import { useMemo } from 'react';
import { Box, Text } from '@mantine/core';
import { sanitizeHtml } from './safe-html';
import classes from './catalogue.module.css';

/** A description the server sanitised, filtered once more in the browser before it is shown. */
export function SafeHtml({ html, empty = 'No description.' }: { html: string; empty?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (!clean.trim())
    return (
      <Text size="sm" c="gray.7">
        {empty}
      </Text>
    );
  return <Box className={classes.description} fz="sm" dangerouslySetInnerHTML={{ __html: clean }} />;
}
