import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/database';
import { samples, sampleTypes } from './schema';

/**
 * A small demo biospecimen inventory, so the wizard's sample ids validate against something: the
 * spec's example ids (researcher §5) are iPSC lines in stock, with one limited, one without
 * iPSC consent and one used up. Safe to run at every start.
 */
const DEMO_SAMPLES: {
  id: string;
  type: string;
  amountAvailable: number;
  unit: string;
  ipscConsented: boolean;
  status: 'available' | 'limited' | 'unavailable' | 'cpls';
}[] = [
  {
    id: '11000-p1',
    type: 'ipsc',
    amountAvailable: 6,
    unit: 'vials',
    ipscConsented: true,
    status: 'available',
  },
  {
    id: '11000-mo',
    type: 'ipsc',
    amountAvailable: 4,
    unit: 'vials',
    ipscConsented: true,
    status: 'available',
  },
  { id: '14710-x1', type: 'ipsc', amountAvailable: 1, unit: 'vials', ipscConsented: true, status: 'limited' },
  {
    id: '14710-fa',
    type: 'ipsc',
    amountAvailable: 3,
    unit: 'vials',
    ipscConsented: false,
    status: 'available',
  },
  {
    id: '12001-p1',
    type: 'ipsc',
    amountAvailable: 0,
    unit: 'vials',
    ipscConsented: true,
    status: 'unavailable',
  },
  {
    id: '11000-p1-pl',
    type: 'plasma',
    amountAvailable: 500,
    unit: 'μl',
    ipscConsented: false,
    status: 'available',
  },
];

export async function seedDemoSamples(tx: DbOrTx): Promise<void> {
  for (const sample of DEMO_SAMPLES) {
    const [type] = await tx.select().from(sampleTypes).where(eq(sampleTypes.type, sample.type));
    if (!type) continue;
    await tx
      .insert(samples)
      .values({
        id: sample.id,
        sampleTypeId: type.id,
        amountAvailable: sample.amountAvailable,
        unit: sample.unit,
        ipscConsented: sample.ipscConsented,
        status: sample.status,
      })
      .onConflictDoNothing();
  }
}
