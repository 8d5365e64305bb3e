/**
 * Whether the signed-in user may do an action on an object. The server computes this per object
 * (the `permissions` of a detail response); the web app never re-derives a rule.
 */
export function useCan(
  object: { permissions?: readonly string[] } | null | undefined,
  action: string,
): boolean {
  return object?.permissions?.includes(action) ?? false;
}
