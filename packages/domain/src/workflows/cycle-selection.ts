/**
 * The review cycles' moves (Research Match's and the tissue cycle's) take a chosen set of
 * requests all or nothing: this names the ones that stop the move.
 */
export function refusedRequests<Row extends { id: number; portalRequestId: string }>(
  chosen: readonly number[],
  found: readonly Row[],
  mayMove: (row: Row) => boolean,
): string[] {
  const ids = new Set(found.map((row) => row.id));
  return [
    ...chosen.filter((id) => !ids.has(id)).map(String),
    ...found.filter((row) => !mayMove(row)).map((row) => row.portalRequestId),
  ];
}
