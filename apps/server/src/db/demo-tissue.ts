import { count } from 'drizzle-orm';
import {
  DONOR_DOCUMENT_TYPES,
  isRestrictedDonor,
  type DonorCondition,
  type DonorImport,
  type DonorSurveyType,
} from '@rrp/domain';
import type { DbOrTx } from '../platform/db/database';
import { writeDonors } from '../modules/tissue/donor-import';
import { renderDonorReport, type StoreDonorDocument } from '../modules/tissue/donor-documents';
import { donorsByHashes } from '../modules/tissue/donors.repo';
import { abnDonors } from './schema';

/**
 * The demo tissue network (issue 18): a generated, reproducible set of brain donors — 320 in the
 * catalogue and 40 in the pilot set — with the mix of diagnoses, ages, post-mortem intervals,
 * tissue states and conditions a brain bank holds, a few restricted (under review or not
 * confirmed), ADI-R and SRS-2 answers for most autistic donors, and PDF reports for some.
 */
export const DEMO_DONOR_COUNTS = { catalogue: 320, pilot: 40 } as const;

/** A small seeded generator (mulberry32): the same donors on every installation. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** Items by weight: `[[value, weight], …]`. */
  const weighted = <T>(items: readonly (readonly [T, number])[]): T => {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [value, weight] of items) {
      roll -= weight;
      if (roll <= 0) return value;
    }
    return items[items.length - 1]![0];
  };
  const some = <T>(items: readonly T[], chance: number, max: number): T[] => {
    const chosen = items.filter(() => next() < chance);
    return chosen.slice(0, max);
  };
  const between = (min: number, max: number, decimals = 0) =>
    Number((min + next() * (max - min)).toFixed(decimals));
  return { next, pick, weighted, some, between };
}

const CAUSES_OF_DEATH = [
  'Drowning',
  'Cardiac Arrhythmia',
  'Sudden Unexpected Death in Epilepsy',
  'Asphyxia',
  'Motor Vehicle Accident',
  'Pneumonia',
  'Sepsis',
  'Cancer',
  'Cardiopulmonary Arrest',
  'Multiple Injuries',
  'Respiratory Failure',
  'Overdose',
] as const;
const MEDICAL = [
  'Epilepsy',
  'Seizure Disorder',
  'Gastrointestinal Problems',
  'Sleep Disorder',
  'Asthma',
  'Obesity',
  'Constipation',
  'Hypotonia',
  'Scoliosis',
  'Food Allergies',
] as const;
const PSYCH = [
  'ADHD',
  'Anxiety Disorder',
  'Depression',
  'Obsessive-Compulsive Disorder',
  'Intellectual Disability',
  'Bipolar Disorder',
  'Tic Disorder',
] as const;
const GENETIC: readonly DonorCondition[] = [
  { condition: 'Dup15q', source: 'Clinical Genetic Testing' },
  { condition: 'Fragile X Syndrome', source: 'Clinical Genetic Testing' },
  { condition: '16p11.2 Deletion', source: 'Chromosomal Microarray' },
  { condition: 'Tuberous Sclerosis Complex', source: 'Medical Records' },
  { condition: 'Phelan-McDermid Syndrome', source: 'Clinical Genetic Testing' },
];
const SPARK_GENES = ['SCN2A', 'CHD8', 'SHANK3', 'PTEN', 'ARID1B', 'SYNGAP1', 'DYRK1A', 'ADNP'] as const;
const ETHNICITIES: readonly (readonly [string, number])[] = [
  ['White', 62],
  ['Black or African American', 12],
  ['Hispanic or Latino', 14],
  ['Asian', 6],
  ['American Indian or Alaska Native', 2],
  ['More than one race', 4],
];
const TESTS = [
  'WISC-V',
  'WAIS-IV',
  'Stanford-Binet 5',
  'Leiter-3',
  'Mullen Scales of Early Learning',
] as const;
const REGIONS = ['frontal cortex', 'temporal cortex', 'cerebellum', 'hippocampus', 'amygdala', 'striatum'];

function surveyAnswers(type: DonorSurveyType, random: ReturnType<typeof generator>) {
  const items =
    type === 'ADI-R'
      ? [
          ['A1', 'Direct gaze'],
          ['A2', 'Social smiling'],
          ['A3', 'Range of facial expressions used to communicate'],
          ['B1', 'Pointing to express interest'],
          ['B2', 'Nodding'],
          ['C1', 'Circumscribed interests'],
          ['C2', 'Unusual preoccupations'],
          ['D1', 'Age when abnormality first evident (months)'],
        ]
      : [
          ['Q1', 'Seems much more fidgety in social situations than when alone'],
          ['Q2', 'Expressions on his or her face do not match what he or she is saying'],
          ['Q3', 'Seems self-confident when interacting with others'],
          ['Q4', 'When under stress, shows rigid or inflexible patterns of behavior'],
          ['Q5', 'Does not recognize when others are trying to take advantage of him or her'],
        ];
  return items.map(([item, question]) => ({
    item: item!,
    question: question!,
    answer: String(item === 'D1' ? random.between(12, 36) : random.between(0, 3)),
  }));
}

/** One generated donor of a set. */
function demoDonor(index: number, pilot: boolean, random: ReturnType<typeof generator>): DonorImport {
  const diagnosis = random.weighted([
    ['ASD', 52],
    ['Control', 36],
    ['Dup15q Syndrome', 6],
    ['Other NDD', 6],
  ] as const);
  const autistic = diagnosis !== 'Control';
  const confirmation_status = random.weighted([
    ['Confirmed', 70],
    ['Confirmed by Records', 16],
    ['Diagnosis Under Review', 7],
    ['Records Under Review', 4],
    ['Not Confirmed', 3],
  ] as const);
  const age = random.weighted([
    [random.between(2, 12), 22],
    [random.between(13, 25), 30],
    [random.between(26, 50), 30],
    [random.between(51, 89), 18],
  ] as const);
  const hemisphere = () =>
    random.weighted([
      ['Frozen', 38],
      ['Fixed', 38],
      ['Frozen & Fixed', 12],
      ['Not Available', 12],
    ] as const);
  const left = hemisphere();
  const right = left === 'Frozen' ? random.pick(['Fixed', 'Fixed', 'Frozen & Fixed'] as const) : hemisphere();
  const brainstem = random.weighted([
    ['Frozen', 40],
    ['Fixed', 35],
    ['Not Available', 25],
  ] as const);
  const genetic =
    diagnosis === 'Dup15q Syndrome' ? [GENETIC[0]!] : autistic ? random.some(GENETIC.slice(1), 0.05, 1) : [];
  const medical = random.some(MEDICAL, autistic ? 0.2 : 0.06, 4);
  const fsiq = autistic ? random.between(35, 115) : random.between(85, 125);
  const donorHash = `${pilot ? 'ABNP' : 'ABN'}-${String(4100 + index * 7).padStart(5, '0')}`;
  const causeOfDeath = random.pick(CAUSES_OF_DEATH);
  const regions = random.some(REGIONS, 0.4, 3);
  const gender = random.weighted([
    ['Male', autistic ? 78 : 55],
    ['Female', autistic ? 22 : 45],
  ] as const);
  const surveys: Partial<Record<DonorSurveyType, ReturnType<typeof surveyAnswers>>> = {};
  if (autistic && random.next() < 0.7) surveys['ADI-R'] = surveyAnswers('ADI-R', random);
  if (autistic && random.next() < 0.5) surveys['SRS-2'] = surveyAnswers('SRS-2', random);
  return {
    donor_hash: donorHash,
    pilot,
    diagnosis,
    confirmation_status,
    age,
    gender,
    left_hemisphere: left,
    right_hemisphere: right,
    brainstem,
    tissue_quality: random.weighted([
      ['Good', 60],
      ['Fair', 30],
      ['Poor', 10],
    ] as const),
    amount: random.pick(['Whole Brain', 'Whole Brain', 'One Hemisphere', 'Partial']),
    detail: regions.length ? `Blocks of ${regions.join(', ')} sampled for histology.` : null,
    genetic_conditions: genetic,
    spark_genes:
      autistic && random.next() < 0.12 ? [{ condition: random.pick(SPARK_GENES), source: 'SPARK' }] : [],
    cause_of_death: causeOfDeath,
    secondary_cause_of_death: random.next() < 0.25 ? random.pick(CAUSES_OF_DEATH) : null,
    respirator: random.weighted([
      ['No', 70],
      ['Yes', 20],
      ['Unknown', 10],
    ] as const),
    respirator_length: null,
    medical_conditions: medical,
    psych_conditions: random.some(PSYCH, autistic ? 0.18 : 0.05, 3),
    intellectual_functioning:
      autistic && random.next() < 0.6
        ? {
            level:
              fsiq < 40
                ? 'Severe ID'
                : fsiq < 55
                  ? 'Moderate ID'
                  : fsiq < 70
                    ? 'Mild ID'
                    : 'Average or Above',
            year_conducted: random.between(1998, 2022),
            age_years: Math.max(2, Math.floor(age) - random.between(0, 5)),
            age_months: random.between(0, 11),
            test_type: random.pick(TESTS),
            fsiq,
            nviq: Math.min(150, fsiq + random.between(-10, 15)),
            viq: Math.max(20, fsiq - random.between(-5, 20)),
          }
        : null,
    ethnicities: [random.weighted(ETHNICITIES)],
    clinical_summary: autistic
      ? `${gender === 'Male' ? 'Male' : 'Female'} donor, ${Math.floor(age)} years, diagnosed with ${diagnosis === 'ASD' ? 'autism spectrum disorder' : diagnosis} in childhood${medical.length ? `; history of ${medical.join(', ').toLowerCase()}` : ''}. Cause of death: ${causeOfDeath.toLowerCase()}.`
      : `Typically developing ${gender === 'Male' ? 'male' : 'female'} donor, ${Math.floor(age)} years, no known neurological or psychiatric history. Cause of death: ${causeOfDeath.toLowerCase()}.`,
    flag: autistic && random.next() < 0.04 ? 'Atypical' : null,
    pmi: random.weighted([
      [random.between(4, 24, 1), 65],
      [random.between(24, 48, 1), 25],
      [random.between(48, 110, 1), 10],
    ] as const),
    rin: random.next() < 0.85 ? random.between(3.5, 9.4, 1) : null,
    brain_weight: Math.round(age < 12 ? random.between(1000, 1450) : random.between(1150, 1600)),
    preservation:
      left === 'Frozen' && right === 'Frozen'
        ? 'Frozen'
        : left === 'Fixed' && right === 'Fixed'
          ? 'Formalin Fixed'
          : 'Frozen & Formalin Fixed',
    collected_brainstem_detail:
      brainstem === 'Not Available' ? null : 'Brainstem collected with cerebellum attached.',
    surveys,
  };
}

/** The generated donors of both sets, in a fixed order. */
function demoDonors(): DonorImport[] {
  const random = generator(18);
  const donors: DonorImport[] = [];
  for (let index = 0; index < DEMO_DONOR_COUNTS.catalogue; index += 1)
    donors.push(demoDonor(index, false, random));
  for (let index = 0; index < DEMO_DONOR_COUNTS.pilot; index += 1)
    donors.push(demoDonor(index, true, random));
  return donors;
}

/**
 * `count` catalogue donors made as the demo's are, for the data generator (the benchmark's tissue
 * catalogue); their hashes (ABN-100000…) follow on from the demo's and never meet them.
 */
export function generatedDonors(count: number, seed: number): DonorImport[] {
  const random = generator(seed);
  return Array.from({ length: count }, (_, index) => ({
    ...demoDonor(index, false, random),
    donor_hash: `ABN-${100_000 + index}`,
  }));
}

/**
 * Seeds the demo donors once (an installation that has donors keeps them), with a
 * neuropathology report for every eighth donor.
 */
export async function seedDemoTissue(tx: DbOrTx, storeDocument?: StoreDonorDocument): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(abnDonors);
  if ((existing?.n ?? 0) > 0) return;
  const donors = demoDonors();
  await writeDonors(tx, donors);
  if (!storeDocument) return;
  const reported = donors.filter((_, index) => index % 8 === 0);
  const rows = new Map(
    (
      await donorsByHashes(
        tx,
        reported.map((donor) => donor.donor_hash),
      )
    ).map((row) => [row.donorHash, row]),
  );
  for (const donor of reported) {
    const row = rows.get(donor.donor_hash)!;
    await storeDocument(tx, {
      donorId: row.id,
      docType: 'neuropath',
      docTypeV: DONOR_DOCUMENT_TYPES.neuropath,
      name: `${donor.donor_hash} neuropathology report.pdf`,
      contentType: 'application/pdf',
      content: await renderDonorReport(`Neuropathology report - ${donor.donor_hash}`, [
        `Diagnosis: ${donor.diagnosis} (${donor.confirmation_status})`,
        `Age at death: ${donor.age} years; sex: ${donor.gender ?? 'unknown'}`,
        `Post-mortem interval: ${donor.pmi ?? 'unknown'} hours; RIN: ${donor.rin ?? 'not measured'}`,
        `Brain weight: ${donor.brain_weight ?? 'unknown'} g`,
        `Left hemisphere: ${donor.left_hemisphere}; right hemisphere: ${donor.right_hemisphere}`,
        `Restricted: ${isRestrictedDonor(donor.confirmation_status) ? 'yes' : 'no'}`,
        '',
        'Gross examination: no macroscopic abnormality. Microscopy: no diagnostic abnormality.',
        'This report was generated for the demo installation of the portal.',
      ]),
    });
  }
}
