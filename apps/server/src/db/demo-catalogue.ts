import { and, eq, sql } from 'drizzle-orm';
import { SAMPLE_TYPES, type SampleTypeCode } from '@rrp/domain';
import type { DbOrTx } from '../platform/db/database';
import { cohorts, datasets, projects, sampleTypeCohorts, sampleTypes } from './schema';
import {
  createDataset,
  createDatasetAccess,
  createRequest,
  linkRequestDatasets,
  type NewDataset,
} from './factories';
import { walkDemoRequest } from './demo-history';

/** The cohorts each sample type is collected from, and whether its supply is limited. */
const SAMPLE_TYPE_SETUP: Record<SampleTypeCode, { cohorts: string[]; limited: boolean }> = {
  ipsc: { cohorts: ['SSC', 'SPARK'], limited: true },
  plasma: { cohorts: ['SPARK'], limited: false },
  fibroblast: { cohorts: ['SSC', 'Simons Searchlight'], limited: true },
  lcl: { cohorts: ['SSC', 'SPARK'], limited: false },
  dna: { cohorts: ['SSC', 'SPARK', 'Simons Searchlight'], limited: false },
  lcl_dna: { cohorts: ['SSC'], limited: false },
};

/** The six biospecimen sample types (researcher §3) with their cohorts. Safe to run at every start. */
export async function seedSampleTypes(tx: DbOrTx): Promise<void> {
  await tx
    .insert(sampleTypes)
    .values(
      SAMPLE_TYPES.map((sampleType) => ({
        name: sampleType.name,
        type: sampleType.type,
        limited: SAMPLE_TYPE_SETUP[sampleType.type].limited,
      })),
    )
    .onConflictDoNothing();
  const rows = await tx.select().from(sampleTypes);
  const cohortRows = await tx.select().from(cohorts);
  const cohortId = new Map(cohortRows.map((row) => [row.name, row.id]));
  const links = rows.flatMap((row) =>
    (SAMPLE_TYPE_SETUP[row.type as SampleTypeCode]?.cohorts ?? []).flatMap((name) =>
      cohortId.has(name) ? [{ sampleTypeId: row.id, cohortId: cohortId.get(name)! }] : [],
    ),
  );
  if (links.length > 0) await tx.insert(sampleTypeCohorts).values(links).onConflictDoNothing();
}

const GLOBUS_ENDPOINT = '5f3c1c2e-8a0e-4d3b-9f0e-2b7c2f6e4a11';
const GLOBUS_GROUP = '9b1d7e0a-3c4f-4e8b-a2d6-7f5e1c3b9d20';

type DemoDataset = NewDataset & {
  cohort: string | null;
  versions?: { changeNotes: string; releaseDate: string }[];
};

const html = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

/** Tens of datasets across the five cohorts and three types, some with several versions. */
const DEMO_DATASETS: DemoDataset[] = [
  {
    name: 'SSC Phenotype Data',
    cohort: 'SSC',
    typeId: 1,
    order: 1,
    releaseDate: '2021-03-15',
    accessionId: 'SFARI-SSC-PHENO',
    fileSize: '1.2 GB',
    asdParticipants: 2644,
    controlParticipants: 2009,
    families: 2644,
    description: html(
      'Phenotype measures of the <strong>Simons Simplex Collection</strong>: diagnostic instruments (ADI-R, ADOS), cognitive testing, medical and family history for probands, parents and unaffected siblings.',
      'Data are shared as one table per instrument with a data dictionary.',
    ),
    globusLocations: [
      { endpoint_id: GLOBUS_ENDPOINT, endpoint_name: 'SFARI Base', location: '/ssc/phenotype/' },
    ],
    globusGroupId: GLOBUS_GROUP,
    versions: [
      { changeNotes: 'Adds the Vineland-II subscales and corrects sibling ages.', releaseDate: '2022-06-01' },
      {
        changeNotes: 'Adds follow-up medical history; harmonised variable names.',
        releaseDate: '2024-02-20',
      },
    ],
  },
  {
    name: 'SSC Whole Genome Sequencing',
    cohort: 'SSC',
    typeId: 2,
    order: 2,
    releaseDate: '2020-11-02',
    accessionId: 'SFARI-SSC-WGS',
    fileSize: '410 TB',
    asdParticipants: 2380,
    families: 2380,
    dataAccess: 's3://sfari-datasets/ssc/wgs/',
    gpfAccessible: true,
    gpfGroup: 'SSC_WGS',
    gpfDatasetId: 'ssc_wgs',
    description: html(
      '30x whole-genome sequences of SSC quad and trio families, with de novo variant calls.',
    ),
  },
  {
    name: 'SSC Whole Exome Sequencing',
    cohort: 'SSC',
    typeId: 2,
    order: 3,
    releaseDate: '2019-05-10',
    accessionId: 'SFARI-SSC-WES',
    fileSize: '38 TB',
    families: 2508,
    dataAccess: 's3://sfari-datasets/ssc/wes/',
    gpfAccessible: true,
    gpfGroup: 'SSC_WES',
    gpfDatasetId: 'ssc_wes',
  },
  {
    name: 'SSC Genotyping Arrays',
    cohort: 'SSC',
    typeId: 2,
    order: 4,
    releaseDate: '2018-09-01',
    fileSize: '220 GB',
    families: 2591,
    dataAccess: 's3://sfari-datasets/ssc/arrays/',
  },
  {
    name: 'SSC Structural MRI',
    cohort: 'SSC',
    typeId: 3,
    order: 5,
    releaseDate: '2019-01-20',
    fileSize: '2.4 TB',
    asdParticipants: 412,
    controlParticipants: 298,
    globusLocations: [{ endpoint_id: GLOBUS_ENDPOINT, endpoint_name: 'SFARI Base', location: '/ssc/mri/' }],
  },
  {
    name: 'SPARK Phenotype Dataset',
    cohort: 'SPARK',
    typeId: 1,
    order: 10,
    releaseDate: '2022-01-10',
    accessionId: 'SFARI-SPARK-PHENO',
    fileSize: '3.1 GB',
    asdParticipants: 118000,
    controlParticipants: 92000,
    families: 84000,
    description: html(
      'Basic medical screening, developmental history, Social Communication Questionnaire and Repetitive Behavior Scale for SPARK participants.',
      'Released quarterly; each release is a new version.',
    ),
    globusLocations: [
      { endpoint_id: GLOBUS_ENDPOINT, endpoint_name: 'SFARI Base', location: '/spark/phenotype/' },
    ],
    globusGroupId: GLOBUS_GROUP,
    dataAccess: 's3://sfari-datasets/spark/phenotype/',
    versions: [{ changeNotes: 'Quarterly release: 6,000 new families.', releaseDate: '2023-04-12' }],
  },
  {
    name: 'SPARK Whole Exome Sequencing',
    cohort: 'SPARK',
    typeId: 2,
    order: 11,
    releaseDate: '2021-07-01',
    accessionId: 'SFARI-SPARK-WES',
    fileSize: '95 TB',
    families: 42000,
    dataAccess: 's3://sfari-datasets/spark/wes/',
    gpfAccessible: true,
    gpfGroup: 'SPARK_WES',
    gpfDatasetId: 'spark_wes',
    versions: [{ changeNotes: 'Integrated WES 4 with joint calling.', releaseDate: '2023-09-30' }],
  },
  {
    name: 'SPARK Whole Genome Sequencing',
    cohort: 'SPARK',
    typeId: 2,
    order: 12,
    releaseDate: '2023-02-14',
    fileSize: '160 TB',
    families: 4200,
    dataAccess: 's3://sfari-datasets/spark/wgs/',
    limited: true,
  },
  {
    name: 'SPARK Genotyping Array',
    cohort: 'SPARK',
    typeId: 2,
    order: 13,
    releaseDate: '2021-10-05',
    fileSize: '610 GB',
    families: 27000,
    dataAccess: 's3://sfari-datasets/spark/arrays/',
  },
  {
    name: 'SPARK Research Match Survey Data',
    cohort: 'SPARK',
    typeId: 1,
    order: 14,
    releaseDate: '2024-05-01',
    fileSize: '420 MB',
    asdParticipants: 15000,
    dataAccess: 's3://sfari-datasets/spark/surveys/',
  },
  {
    name: 'SPARK Eye-Tracking Pilot',
    cohort: 'SPARK',
    typeId: 3,
    order: 15,
    releaseDate: '2024-08-19',
    fileSize: '85 GB',
    asdParticipants: 320,
    controlParticipants: 180,
    dataAccess: 's3://sfari-datasets/spark/eye-tracking/',
    available: false,
  },
  {
    name: 'Simons Searchlight Phenotype Data',
    cohort: 'Simons Searchlight',
    typeId: 1,
    order: 20,
    releaseDate: '2022-09-12',
    accessionId: 'SFARI-SL-PHENO',
    fileSize: '610 MB',
    asdParticipants: 1900,
    families: 2300,
    globusLocations: [
      { endpoint_id: GLOBUS_ENDPOINT, endpoint_name: 'SFARI Base', location: '/searchlight/phenotype/' },
    ],
    versions: [
      { changeNotes: 'Adds 24 new genes and the seizure history survey.', releaseDate: '2024-03-03' },
    ],
  },
  {
    name: 'Simons Searchlight Single Gene Variants',
    cohort: 'Simons Searchlight',
    typeId: 2,
    order: 21,
    releaseDate: '2022-09-12',
    fileSize: '12 GB',
    families: 2100,
    dataAccess: 's3://sfari-datasets/searchlight/variants/',
  },
  {
    name: 'Simons Searchlight 16p11.2 Imaging',
    cohort: 'Simons Searchlight',
    typeId: 3,
    order: 22,
    releaseDate: '2017-06-30',
    fileSize: '1.8 TB',
    asdParticipants: 250,
    controlParticipants: 170,
    globusLocations: [
      { endpoint_id: GLOBUS_ENDPOINT, endpoint_name: 'SFARI Base', location: '/searchlight/16p/' },
    ],
  },
  {
    name: 'Simons Searchlight EEG',
    cohort: 'Simons Searchlight',
    typeId: 3,
    order: 23,
    releaseDate: '2023-11-08',
    fileSize: '640 GB',
    asdParticipants: 140,
    dataAccess: 's3://sfari-datasets/searchlight/eeg/',
    limited: true,
  },
  {
    name: 'AIC Phenotype Data',
    cohort: 'AIC',
    typeId: 1,
    order: 30,
    releaseDate: '2023-01-25',
    fileSize: '210 MB',
    asdParticipants: 3400,
    dataAccess: 's3://sfari-datasets/aic/phenotype/',
  },
  {
    name: 'AIC Whole Exome Sequencing',
    cohort: 'AIC',
    typeId: 2,
    order: 31,
    releaseDate: '2023-06-15',
    fileSize: '8 TB',
    families: 1200,
    dataAccess: 's3://sfari-datasets/aic/wes/',
  },
  {
    name: 'AIC Imaging and EEG',
    cohort: 'AIC',
    typeId: 3,
    order: 32,
    releaseDate: '2024-01-09',
    fileSize: '900 GB',
    asdParticipants: 610,
    dataAccess: 's3://sfari-datasets/aic/imaging/',
  },
  {
    name: 'ABN Donor Clinical Data',
    cohort: 'ABN',
    typeId: 1,
    order: 40,
    releaseDate: '2022-04-04',
    fileSize: '45 MB',
    asdParticipants: 180,
    controlParticipants: 95,
    dataAccess: 's3://sfari-datasets/abn/clinical/',
  },
  {
    name: 'ABN Brain Tissue RNA-seq',
    cohort: 'ABN',
    typeId: 2,
    order: 41,
    releaseDate: '2023-03-21',
    fileSize: '6.5 TB',
    asdParticipants: 84,
    controlParticipants: 60,
    dataAccess: 's3://sfari-datasets/abn/rnaseq/',
  },
  {
    name: 'ABN Neuropathology Imaging',
    cohort: 'ABN',
    typeId: 3,
    order: 42,
    releaseDate: '2024-07-02',
    fileSize: '3 TB',
    asdParticipants: 70,
    dataAccess: 's3://sfari-datasets/abn/neuropathology/',
    available: false,
  },
  {
    name: 'MSSNG Whole Genomes (Curated)',
    cohort: null,
    typeId: 2,
    originId: 2,
    order: 50,
    releaseDate: '2021-12-01',
    fileSize: '320 TB',
    families: 5100,
    dataAccess: 's3://sfari-datasets/curated/mssng/',
  },
  {
    name: 'SFARI Legacy Phenotype Harmonisation',
    cohort: null,
    typeId: 1,
    originId: 2,
    order: 51,
    releaseDate: '2020-02-18',
    fileSize: '95 MB',
    dataAccess: 's3://sfari-datasets/curated/legacy-phenotype/',
  },
  {
    name: 'Autism Sequencing Consortium Summary Statistics',
    cohort: null,
    typeId: 2,
    originId: 3,
    order: 60,
    releaseDate: '2022-10-10',
    accessionId: 'phs000298',
    fileSize: '2 GB',
    dataAccess: 's3://sfari-datasets/external/asc/',
  },
  {
    name: 'ABIDE Resting-State fMRI (External)',
    cohort: null,
    typeId: 3,
    originId: 3,
    order: 61,
    releaseDate: '2016-08-01',
    fileSize: '1.1 TB',
    asdParticipants: 1060,
    controlParticipants: 1050,
    globusLocations: [
      { endpoint_id: GLOBUS_ENDPOINT, endpoint_name: 'External Mirror', location: '/abide/' },
    ],
  },
];

/**
 * The demo catalogue, once: the datasets above (with their versions), a dataset request of the
 * demo researcher approved for two of them (so the public researcher pages show something),
 * and a couple of dataset access records.
 */
export async function seedDemoCatalogue(
  tx: DbOrTx,
  people: { researcherId: number; adminId: number },
): Promise<void> {
  const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(datasets);
  if ((existing?.count ?? 0) > 0) return;
  const cohortRows = await tx.select().from(cohorts);
  const cohortId = new Map(cohortRows.map((row) => [row.name, row.id]));
  const latest = new Map<string, typeof datasets.$inferSelect>();
  for (const { cohort, versions, ...input } of DEMO_DATASETS) {
    let row = await createDataset(tx, {
      ...input,
      cohortId: cohort ? (cohortId.get(cohort) ?? null) : null,
      creatorId: people.adminId,
    });
    for (const version of versions ?? []) {
      row = await createDataset(tx, {
        parentId: row.id,
        changeNotes: version.changeNotes,
        releaseDate: version.releaseDate,
        creatorId: people.adminId,
      });
    }
    latest.set(row.name, row);
  }
  // Related datasets: each cohort's phenotype data points at its sequencing data.
  const relate = async (from: string, to: string[]) => {
    const row = latest.get(from);
    if (!row) return;
    await tx
      .update(datasets)
      .set({
        relatedDatasetIds: to.flatMap((name) => (latest.has(name) ? [latest.get(name)!.datasetId] : [])),
      })
      .where(eq(datasets.id, row.id));
  };
  await relate('SSC Phenotype Data', ['SSC Whole Genome Sequencing', 'SSC Whole Exome Sequencing']);
  await relate('SPARK Phenotype Dataset', ['SPARK Whole Exome Sequencing', 'SPARK Genotyping Array']);

  // The demo researcher's approved dataset request, on their first project.
  const [project] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.ownerId, people.researcherId)))
    .orderBy(projects.id)
    .limit(1);
  if (!project) return;
  const approvedNames = ['SPARK Phenotype Dataset', 'SPARK Whole Exome Sequencing'];
  const request = await createRequest(tx, {
    projectId: project.id,
    typeId: 1,
  });
  // Submitted in the spring, reviewed, approved a month later (the oldest of the demo's decisions).
  await walkDemoRequest(tx, request.id, {
    createdDaysAgo: 171.4,
    steps: [
      [2, 166.8],
      [3, 161.3],
      [4, 131.6],
    ],
  });
  await linkRequestDatasets(
    tx,
    request.id,
    approvedNames.flatMap((name) => (latest.has(name) ? [latest.get(name)!.id] : [])),
  );
  const phenotype = latest.get('SPARK Phenotype Dataset');
  const exome = latest.get('SPARK Whole Exome Sequencing');
  if (phenotype) {
    await createDatasetAccess(tx, {
      userId: people.researcherId,
      datasetId: phenotype.id,
      accessType: 'Globus',
      requestId: request.id,
    });
  }
  if (exome) {
    await createDatasetAccess(tx, {
      userId: people.researcherId,
      datasetId: exome.id,
      accessType: 'AWS',
      status: 'revoked',
      requestId: request.id,
    });
  }
}
