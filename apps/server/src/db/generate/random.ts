/**
 * A seeded random source for the data generator: the same seed gives the same data, so a
 * benchmark run can be repeated on an identical database.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** mulberry32: small, fast and good enough for synthetic data. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** `count` distinct items (fewer when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[] {
    const chosen = new Set<T>();
    const wanted = Math.min(count, items.length);
    while (chosen.size < wanted) chosen.add(this.pick(items));
    return [...chosen];
  }

  /**
   * An index in [0, size) skewed towards the start (a power law): a few institutions hold many
   * researchers, a few researchers many projects, as in the real portal.
   */
  skewed(size: number, skew = 2): number {
    return Math.min(size - 1, Math.floor(size * this.next() ** skew));
  }

  /** A key of `weights`, chosen in proportion to its weight. */
  weighted<K extends string | number>(weights: ReadonlyMap<K, number>): K {
    let total = 0;
    for (const weight of weights.values()) total += weight;
    let at = this.next() * total;
    for (const [key, weight] of weights) {
      at -= weight;
      if (at < 0) return key;
    }
    return [...weights.keys()].at(-1)!;
  }

  /** A moment between `from` and `to`. */
  date(from: Date, to: Date): Date {
    return new Date(from.getTime() + this.next() * (to.getTime() - from.getTime()));
  }
}
