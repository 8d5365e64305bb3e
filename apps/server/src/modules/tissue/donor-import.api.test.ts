import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { DONOR_MESSAGES, NULL_CHARACTER_MESSAGE } from '@rrp/domain';
import { createTestContext, testConfig, type TestContext } from '../../../test/test-app';
import { abnDonors, abnDonorSurveys } from '../../db/schema';
import { importDonorsCommand } from '../../db/import-donors-command';
import { openDatabase } from '../../platform/db/open';
import { describeProblem, importDonors } from './donor-import';

/** The donor importer (`npm run cli -- import-donors FILE`): all of a file or nothing, by donor hash. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const donorCount = async () => (await t.database.db.select({ n: count() }).from(abnDonors))[0]!.n;

const HEADER =
  'donor_hash,diagnosis,confirmation_status,age,gender,left_hemisphere,right_hemisphere,pmi,rin,medical_conditions,genetic_conditions,intellectual_functioning.level,intellectual_functioning.fsiq,clinical_summary';
const GOOD = [
  HEADER,
  'IMP-0001,ASD,Confirmed,14,Male,Frozen,Fixed,18.5,7.1,Epilepsy; Sleep Disorder,Dup15q (Clinical Genetic Testing),Mild ID,62,"Diagnosed at 3, ""severe"" presentation"',
  'IMP-0002,control,Confirmed by Records,41,female,Fixed,Fixed,22,,,,,,',
  'IMP-0003,ASD,Diagnosis Under Review,8.5,Female,Frozen & Fixed,Not Available,30,6.4,Asthma,,,,"Two-line',
  'summary of the donor"',
].join('\n');

describe('import-donors', () => {
  it('imports a CSV file: lists, conditions, nested columns, restricted donors', async () => {
    const result = await importDonors(t.database.db, { name: 'donors.csv', content: GOOD });
    expect(result).toEqual({ problems: [], inserted: 3, updated: 0 });
    const [first] = await t.database.db.select().from(abnDonors).where(eq(abnDonors.donorHash, 'IMP-0001'));
    expect(first).toMatchObject({
      diagnosis: 'ASD',
      age: 14,
      pmi: 18.5,
      medicalConditions: ['Epilepsy', 'Sleep Disorder'],
      geneticConditions: [{ condition: 'Dup15q', source: 'Clinical Genetic Testing' }],
      intellectualFunctioning: { level: 'Mild ID', fsiq: 62, viq: null },
      clinicalSummary: 'Diagnosed at 3, "severe" presentation',
      restricted: false,
      pilot: false,
    });
    const [second] = await t.database.db.select().from(abnDonors).where(eq(abnDonors.donorHash, 'IMP-0002'));
    // The vocabulary's spelling, whatever the case in the file; empty cells are no value.
    expect(second).toMatchObject({
      diagnosis: 'Control',
      gender: 'Female',
      rin: null,
      intellectualFunctioning: null,
    });
    const [third] = await t.database.db.select().from(abnDonors).where(eq(abnDonors.donorHash, 'IMP-0003'));
    expect(third).toMatchObject({ restricted: true, clinicalSummary: 'Two-line\nsummary of the donor' });
  });

  it('is idempotent by donor hash: running it again updates, never duplicates', async () => {
    const before = await donorCount();
    const again = await importDonors(t.database.db, {
      name: 'donors.csv',
      content: GOOD.replace('IMP-0002,control,Confirmed by Records,41', 'IMP-0002,control,Not Confirmed,42'),
    });
    expect(again).toEqual({ problems: [], inserted: 0, updated: 3 });
    expect(await donorCount()).toBe(before);
    const [second] = await t.database.db.select().from(abnDonors).where(eq(abnDonors.donorHash, 'IMP-0002'));
    expect(second).toMatchObject({ age: 42, confirmationStatus: 'Not Confirmed', restricted: true });
  });

  it('reports every bad row by its line and imports nothing of the file', async () => {
    const before = await donorCount();
    const content = [
      HEADER,
      'IMP-0101,ASD,Confirmed,12,Male,Frozen,Fixed,10,7,,,,,"A summary',
      'over two lines"',
      'IMP-0102,Autism,Confirmed,140,Male,Frozen,Fixed,10,7,,,,,',
      ',ASD,Confirmed,12,Male,Frozen,Fixed,10,7,,,,,',
      'IMP-0103,ASD,Confirmed,12,Male,Thawed,Fixed,abc,7,,,,,',
      'IMP-0101,ASD,Confirmed,12,Male,Frozen,Fixed,10,7,,,,,',
      'IMP-0104,ASD,Confirmed,12',
    ].join('\n');
    const result = await importDonors(t.database.db, { name: 'bad.csv', content });
    expect(result.inserted + result.updated).toBe(0);
    expect(await donorCount()).toBe(before);
    const lines = result.problems.map(describeProblem);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^line 4 \(donor IMP-0102\): diagnosis: Choose one of: ASD, Control/),
        'line 4 (donor IMP-0102): age: Enter a number from 0 to 130.',
        `line 5: donor_hash: ${DONOR_MESSAGES.hashRequired}`,
        expect.stringMatching(/^line 6 \(donor IMP-0103\): left_hemisphere: Choose one of: Frozen, Fixed/),
        'line 6 (donor IMP-0103): pmi: Enter a number from 0 to 200.',
        `line 7 (donor IMP-0101): donor_hash: ${DONOR_MESSAGES.hashTwice(2)}`,
        'line 8: This line has 4 cells; the header has 14.',
      ]),
    );
    // The good record on lines 2–3 was not written either.
    expect(await t.database.db.select().from(abnDonors).where(eq(abnDonors.donorHash, 'IMP-0101'))).toEqual(
      [],
    );
  });

  it('names an unknown column and an empty file', async () => {
    const unknown = await importDonors(t.database.db, {
      name: 'x.csv',
      content: 'donor_hash,diagnosis,confirmation_status,shoe_size\nIMP-0201,ASD,Confirmed,44',
    });
    expect(unknown.problems.map(describeProblem)).toEqual(['line 1: shoe_size: Unknown column: shoe_size.']);
    const empty = await importDonors(t.database.db, { name: 'x.csv', content: '' });
    expect(empty.problems.map(describeProblem)).toEqual(['line 1: The file is empty.']);
  });

  it('imports JSON with surveys and the pilot flag; reports bad records by number', async () => {
    const donors = [
      {
        donor_hash: 'IMP-J001',
        diagnosis: 'ASD',
        confirmation_status: 'Confirmed',
        age: 9,
        ethnicities: ['Asian', 'White'],
        intellectual_functioning: { level: 'Average or Above', fsiq: 104, test_type: 'WISC-V' },
        surveys: { 'ADI-R': [{ item: 'A1', question: 'Direct gaze', answer: 2 }] },
      },
    ];
    const result = await importDonors(
      t.database.db,
      { name: 'pilot.json', content: JSON.stringify(donors) },
      { pilot: true },
    );
    expect(result).toEqual({ problems: [], inserted: 1, updated: 0 });
    const [row] = await t.database.db.select().from(abnDonors).where(eq(abnDonors.donorHash, 'IMP-J001'));
    expect(row).toMatchObject({ pilot: true, ethnicities: ['Asian', 'White'] });
    const surveys = await t.database.db
      .select()
      .from(abnDonorSurveys)
      .where(eq(abnDonorSurveys.donorId, row!.id));
    expect(surveys).toEqual([
      expect.objectContaining({
        surveyType: 'ADI-R',
        answers: [{ item: 'A1', question: 'Direct gaze', answer: '2' }],
      }),
    ]);

    const bad = await importDonors(t.database.db, {
      name: 'bad.json',
      content: JSON.stringify({
        donors: [
          { donor_hash: 'IMP-J002', diagnosis: 'ASD', confirmation_status: 'Confirmed' },
          { donor_hash: 'IMP-J003', diagnosis: 'ASD', confirmation_status: 'Confirmed', colour: 'red' },
          { donor_hash: 'IMP-J004', diagnosis: 'ASD', confirmation_status: 'Confirmed', surveys: { IQ: [] } },
        ],
      }),
    });
    expect(bad.problems.map(describeProblem)).toEqual([
      'record 2 (donor IMP-J003): colour: Unknown field: colour.',
      `record 3 (donor IMP-J004): surveys.IQ: ${DONOR_MESSAGES.surveyType}`,
    ]);
    expect(await t.database.db.select().from(abnDonors).where(eq(abnDonors.donorHash, 'IMP-J002'))).toEqual(
      [],
    );
    const broken = await importDonors(t.database.db, { name: 'broken.json', content: '[{"donor_hash": ' });
    expect(broken.problems[0]!.message).toMatch(/^Not valid JSON/);
  });
});

describe('import-donors: NUL characters and encodings (issue 29 item 6)', () => {
  it('reports a NUL character in a cell as a problem of its line, naming the column, and imports nothing', async () => {
    const before = await donorCount();
    const content = [
      HEADER,
      'IMP-0301,ASD,Confirmed,12,Male,Frozen,Fixed,10,7,,,,,A fine summary',
      'IMP-0302,ASD,Confirmed,140,Male,Frozen,Fixed,10,7,,,Mild\u0000ID,,"Nul\u0000in the summary"',
    ].join('\n');
    const result = await importDonors(t.database.db, { name: 'nul.csv', content });
    expect(result.inserted + result.updated).toBe(0);
    expect(await donorCount()).toBe(before);
    expect(result.problems.map(describeProblem).sort()).toEqual([
      // The line's other bad values are reported with it, as always.
      'line 3 (donor IMP-0302): age: Enter a number from 0 to 130.',
      `line 3 (donor IMP-0302): clinical_summary: ${NULL_CHARACTER_MESSAGE}`,
      `line 3 (donor IMP-0302): intellectual_functioning.level: ${NULL_CHARACTER_MESSAGE}`,
    ]);

    const header = await importDonors(t.database.db, {
      name: 'nul-header.csv',
      content: 'donor_hash,diagnosis,confirmation_status,not\u0000es\nIMP-0303,ASD,Confirmed,x',
    });
    expect(header.problems.map(describeProblem)).toEqual([`line 1: not\\0es: ${NULL_CHARACTER_MESSAGE}`]);
  });

  it('reports a NUL character in a JSON value or survey answer by its field', async () => {
    const result = await importDonors(t.database.db, {
      name: 'nul.json',
      content: JSON.stringify([
        {
          donor_hash: 'IMP-J301',
          diagnosis: 'ASD',
          confirmation_status: 'Confirmed',
          cause_of_death: 'Un\u0000known',
          surveys: { 'ADI-R': [{ item: 'A1', question: 'Direct gaze', answer: '2\u0000' }] },
        },
      ]),
    });
    expect(result.problems.map(describeProblem).sort()).toEqual([
      `record 1 (donor IMP-J301): cause_of_death: ${NULL_CHARACTER_MESSAGE}`,
      `record 1 (donor IMP-J301): surveys.ADI-R.0.answer: ${NULL_CHARACTER_MESSAGE}`,
    ]);
    expect(await t.database.db.select().from(abnDonors).where(eq(abnDonors.donorHash, 'IMP-J301'))).toEqual(
      [],
    );
  });

  it('refuses a file that is not UTF-8, naming its first bad line, and imports nothing', async () => {
    const before = await donorCount();
    const text = [
      HEADER,
      'IMP-0401,ASD,Confirmed,12,Male,Frozen,Fixed,10,7,,,,,Plain text',
      'IMP-0402,ASD,Confirmed,12,Male,Frozen,Fixed,10,7,,,,,Seen at the Clinique Sainte-Thérèse',
      'IMP-0403,ASD,Confirmed,12,Male,Frozen,Fixed,10,7,,,,,Café',
    ].join('\n');
    const result = await importDonors(t.database.db, {
      name: 'latin1.csv',
      content: Buffer.from(text, 'latin1'),
    });
    expect(result).toEqual({
      problems: [{ line: null, record: 0, donorHash: null, field: null, message: DONOR_MESSAGES.notUtf8(3) }],
      inserted: 0,
      updated: 0,
    });
    expect(result.problems.map(describeProblem)).toEqual([
      'file: The file is not UTF-8 text: line 3 holds bytes that are not UTF-8. Save it as UTF-8 and import it again.',
    ]);
    expect(await donorCount()).toBe(before);

    // The same text saved as UTF-8 (with a byte order mark) imports, its accents intact.
    const utf8 = await importDonors(t.database.db, {
      name: 'utf8.csv',
      content: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]),
    });
    expect(utf8).toEqual({ problems: [], inserted: 3, updated: 0 });
    const [row] = await t.database.db.select().from(abnDonors).where(eq(abnDonors.donorHash, 'IMP-0402'));
    expect(row!.clinicalSummary).toBe('Seen at the Clinique Sainte-Thérèse');
  });

  it('refuses a UTF-16 file on its first line', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEADER}\n`, 'utf16le')]);
    const result = await importDonors(t.database.db, { name: 'utf16.csv', content: utf16 });
    expect(result.problems.map((problem) => problem.message)).toEqual([DONOR_MESSAGES.notUtf8(1)]);
  });
});

describe('npm run cli -- import-donors FILE', () => {
  it('imports into the configured database and lists the problems of a bad file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rrp-import-'));
    const config = testConfig({ DATA_DIR: dir });
    const good = join(dir, 'donors.csv');
    const bad = join(dir, 'bad.csv');
    writeFileSync(good, GOOD);
    writeFileSync(bad, `${HEADER}\nI-9,ASD,Confirmed,12,Male,Frozen,Fixed,10,7,,,,,`);
    const latin1 = join(dir, 'latin1.csv');
    writeFileSync(
      latin1,
      Buffer.from(`${HEADER}\nIMP-0501,ASD,Confirmed,12,Male,Frozen,Fixed,10,7,,,,,Café`, 'latin1'),
    );
    const nul = join(dir, 'nul.csv');
    writeFileSync(nul, `${HEADER}\nIMP-0502,ASD,Confirmed,12,Male,Frozen,Fixed,10,7,,,,,A\u0000B`);
    const log = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await importDonorsCommand([good], config);
      expect(log).toHaveBeenCalledWith('Imported 3 donors: 3 new, 0 updated.\n');
      await importDonorsCommand([bad], config);
      expect(error).toHaveBeenCalledWith('Nothing was imported: 1 problem(s) in bad.csv:');
      expect(error).toHaveBeenCalledWith(`  line 2 (donor I-9): donor_hash: ${DONOR_MESSAGES.hashFormat}`);
      expect(process.exitCode).toBe(1);
      process.exitCode = 0;
      // Not imported with replacement characters: refused, naming the encoding and the line.
      await importDonorsCommand([latin1], config);
      expect(error).toHaveBeenCalledWith('Nothing was imported: 1 problem(s) in latin1.csv:');
      expect(error).toHaveBeenCalledWith(`  file: ${DONOR_MESSAGES.notUtf8(2)}`);
      expect(process.exitCode).toBe(1);
      process.exitCode = 0;
      // A problem of its line, not a failed query.
      await importDonorsCommand([nul], config);
      expect(error).toHaveBeenCalledWith('Nothing was imported: 1 problem(s) in nul.csv:');
      expect(error).toHaveBeenCalledWith(
        `  line 2 (donor IMP-0502): clinical_summary: ${NULL_CHARACTER_MESSAGE}`,
      );
      expect(process.exitCode).toBe(1);
      process.exitCode = 0;
      const database = await openDatabase(config);
      try {
        expect((await database.db.select({ n: count() }).from(abnDonors))[0]!.n).toBe(3);
      } finally {
        await database.close();
      }
    } finally {
      log.mockRestore();
      error.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
    // The command migrates a new embedded database of its own, then opens it twice more.
  }, 120_000);
});
