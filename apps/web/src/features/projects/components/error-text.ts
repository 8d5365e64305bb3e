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

const IRB_FIELDS = ['designation', 'approval_date', 'renewal_date', 'assurance_number'];

/**
 * Errors of a refused IRB upload on the IRB form's fields: metadata errors (flat or under
 * `additional_data`) on their field, everything else (virus scan, size, not a PDF) on the file.
 */
export function irbUploadErrors(status: number, body: Record<string, unknown>, message: string) {
  const errors: Record<string, string> = {};
  if (status !== 400) return { file: message };
  const nested =
    body.additional_data && typeof body.additional_data === 'object' && !Array.isArray(body.additional_data)
      ? (body.additional_data as Record<string, unknown>)
      : {};
  for (const [key, value] of Object.entries({ ...body, ...nested })) {
    if (key === 'correlation_id' || key === 'code' || (key === 'additional_data' && !Array.isArray(value)))
      continue;
    const first = Array.isArray(value) ? value.find((item) => typeof item === 'string') : undefined;
    if (typeof first !== 'string') continue;
    const field = IRB_FIELDS.includes(key) ? key : 'file';
    errors[field] ??= first;
  }
  return Object.keys(errors).length ? errors : { file: message };
}
