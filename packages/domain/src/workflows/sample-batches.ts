import { LIMITS } from '../constants/limits';

/** POST validateSamples/ (researcher §7): at most 100 ids a call (researcher §9 batches). */
export const SAMPLE_BATCH_SIZE = LIMITS.sampleAvailabilityBatch;

/** Splits ids into batches of at most SAMPLE_BATCH_SIZE (the wizard validates batch by batch). */
export function sampleIdBatches(ids: readonly string[], size: number = SAMPLE_BATCH_SIZE): string[][] {
  const batches: string[][] = [];
  for (let index = 0; index < ids.length; index += size) batches.push(ids.slice(index, index + size));
  return batches;
}
