import { describe, expect, it } from 'vitest';
import { rdaPath, statusPath, statusSequence } from './histories';
import { Random } from './random';

describe('generated status paths', () => {
  it('end in the asked-for status, never repeat a status twice in a row, and move forward in time', () => {
    const random = new Random(7);
    for (let i = 0; i < 20_000; i++) {
      const type = random.int(1, 8);
      const final = random.int(1, 14);
      const sequence = statusSequence(random, type, final);
      expect(sequence.at(-1), `${type} ${final} ${sequence}`).toBe(final);
      for (let s = 1; s < sequence.length; s++) expect(sequence[s], `${sequence}`).not.toBe(sequence[s - 1]);
      const created = Date.UTC(2020, 0, 1) + random.next() * 1e11;
      const latest = Date.UTC(2026, 0, 1);
      const path = statusPath(random, sequence, Math.min(created, latest - 86_400_000), latest);
      for (let s = 1; s < path.times.length; s++) expect(path.times[s]!).toBeGreaterThan(path.times[s - 1]!);
      expect(path.times.at(-1)!).toBeLessThanOrEqual(latest);
    }
  }, 30_000); // 20,000 generated paths: seconds of CPU on a busy machine, past the default 5 s

  it('give an RDA its statuses up to the asked-for one', () => {
    const random = new Random(3);
    expect(rdaPath(random, 3, 0, 1e12).statuses).toEqual([1, 2, 3]);
    expect(rdaPath(random, 1, 0, 1e12).statuses).toEqual([1]);
  });
});
