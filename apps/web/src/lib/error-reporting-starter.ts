import { useEffect } from 'react';
import { useClientConfig } from './client-config';
import { startErrorReporting } from './error-reporting';

/**
 * Turns browser error reporting on once the server's configuration says where to send it.
 * Rendered once, inside the query provider.
 */
export function ErrorReporting(): null {
  const dsn = useClientConfig().data?.sentry_dsn;
  useEffect(() => {
    if (dsn) void startErrorReporting(dsn);
  }, [dsn]);
  return null;
}
