/** Every message of a 400 body, nested ones (team rows) included, for a list under a form part. */
export function collectMessages(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}: ${value}` : value];
  if (Array.isArray(value)) {
    return value.flatMap((item, index) =>
      typeof item === 'string'
        ? collectMessages(item, prefix)
        : collectMessages(item, `${prefix ? `${prefix} ` : ''}row ${index + 1}`),
    );
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      key === 'correlation_id' || key === 'code'
        ? []
        : collectMessages(item, key === 'non_field_errors' ? prefix : `${prefix ? `${prefix} ` : ''}${key}`),
    );
  }
  return [];
}
