import { describe, expect, it } from 'vitest';
import { executeNamedByText } from './prepared';

/** A statement that records whether it ran named, and under which name. */
function statement(text: string, runs: (string | null)[]) {
  return {
    toSQL: () => ({ sql: text }),
    prepare: (name: string) => ({ execute: async () => void runs.push(name) }),
    execute: async () => void runs.push(null),
  };
}

describe('executeNamedByText', () => {
  it('names a text the same on every call, another text differently, and stops naming past its bound', async () => {
    const runs: (string | null)[] = [];
    await executeNamedByText(statement('select 1', runs));
    await executeNamedByText(statement('select 1', runs));
    await executeNamedByText(statement('select 2', runs));
    expect(runs[0]).toMatch(/^text_[0-9a-f]{24}$/);
    expect(runs[1]).toBe(runs[0]);
    expect(runs[2]).not.toBe(runs[0]);

    for (let n = 0; n < 200; n++) await executeNamedByText(statement(`select ${n} + 1`, runs));
    // 100 texts at most: the two above and 98 of these; the others ran unnamed.
    expect(new Set(runs.filter((name) => name !== null)).size).toBe(100);
    expect(runs.filter((name) => name === null)).toHaveLength(102);
    // A text named before the bound was reached keeps its name.
    await executeNamedByText(statement('select 1', runs));
    expect(runs.at(-1)).toBe(runs[0]);
  });
});
