import { z } from 'zod';
import {
  DONOR_CONFIRMATION_STATUSES,
  DONOR_DIAGNOSES,
  DONOR_FLAGS,
  DONOR_GENDERS,
  DONOR_PRESERVATIONS,
  DONOR_SURVEY_TYPES,
  RESPIRATOR_ANSWERS,
  TISSUE_FILTER_BOUNDS,
  TISSUE_QUALITIES,
  TISSUE_STATES,
} from '../constants/tissue';
import { idTextSchema } from './safe-input';

/**
 * Tissue donors (staff §3 abn_donor / abn_data and the pilot variant; §7 abn_donor, abn_survey,
 * abn_data, abn_data_pilot): what the API answers, and one donor as an import file carries it
 * (`npm run cli -- import-donors FILE`, decision 232).
 */

export const DONOR_MESSAGES = {
  hashRequired: 'A donor hash is required.',
  hashFormat: 'A donor hash is 4 to 64 letters, digits, hyphens or underscores.',
  hashTwice: (line: number) => `This donor hash is already on line ${line} of the file.`,
  notFound: 'No donor with this hash.',
  documentNotFound: 'This donor has no document with this id.',
  surveyNotFound: (type: string) => `This donor has no ${type} survey.`,
  surveyType: `Choose one of ${DONOR_SURVEY_TYPES.join(', ')}.`,
  /** A researcher without ABN data access (researcher §5 disabled reasons; decision 233). */
  noAccess:
    'The tissue catalogue is open to researchers whose Autism BrainNet Data Access request is approved.',
  oneOf: (values: readonly string[]) => `Choose one of: ${values.join(', ')}.`,
  number: (min: number, max: number) => `Enter a number from ${min} to ${max}.`,
  /** An import file that is not UTF-8 text, named by its first line that is not (decision 319). */
  notUtf8: (line: number) =>
    `The file is not UTF-8 text: line ${line} holds bytes that are not UTF-8. Save it as UTF-8 and import it again.`,
} as const;

export const donorConditionSchema = z.object({ condition: z.string(), source: z.string() });
export type DonorCondition = z.infer<typeof donorConditionSchema>;

export const intellectualFunctioningSchema = z.object({
  level: z.string().nullable(),
  year_conducted: z.number().nullable(),
  age_years: z.number().nullable(),
  age_months: z.number().nullable(),
  test_type: z.string().nullable(),
  fsiq: z.number().nullable(),
  nviq: z.number().nullable(),
  viq: z.number().nullable(),
});
export type IntellectualFunctioning = z.infer<typeof intellectualFunctioningSchema>;

export const donorDocumentRefSchema = z.object({
  id: z.number(),
  doc_type: z.string(),
  doc_type_v: z.string(),
  name: z.string(),
});

/** A donor as abn_data, abn_data_pilot and abn_donor answer. */
export const donorSchema = z.object({
  id: z.number(),
  donor_hash: z.string(),
  /** In the pilot set (abn_data_pilot) rather than the catalogue (abn_data); decision 231. */
  pilot: z.boolean(),
  diagnosis: z.string(),
  confirmation_status: z.string(),
  age: z.number().nullable(),
  gender: z.string().nullable(),
  left_hemisphere: z.string().nullable(),
  right_hemisphere: z.string().nullable(),
  brainstem: z.string().nullable(),
  tissue_quality: z.string().nullable(),
  amount: z.string().nullable(),
  detail: z.string().nullable(),
  genetic_conditions: z.array(donorConditionSchema),
  spark_genes: z.array(donorConditionSchema),
  cause_of_death: z.string().nullable(),
  secondary_cause_of_death: z.string().nullable(),
  respirator: z.string().nullable(),
  respirator_length: z.string().nullable(),
  medical_conditions: z.array(z.string()),
  psych_conditions: z.array(z.string()),
  intellectual_functioning: intellectualFunctioningSchema.nullable(),
  ethnicities: z.array(z.string()),
  clinical_summary: z.string().nullable(),
  documents: z.array(donorDocumentRefSchema),
  /** The survey types held for this donor (each downloadable through abn_survey/). */
  surveys: z.array(z.string()),
  flag: z.string().nullable(),
  pmi: z.number().nullable(),
  rin: z.number().nullable(),
  brain_weight: z.number().nullable(),
  preservation: z.string().nullable(),
  collected_brainstem_detail: z.string().nullable(),
  /** Under review or not confirmed (staff §5). */
  restricted: z.boolean(),
  /** Whether the caller may put this donor in a collection (restricted donors: staff only). */
  selectable: z.boolean(),
});
export type DonorDto = z.infer<typeof donorSchema>;

/** The values the catalogue's filter panel offers, from the donors themselves. */
export const donorFilterOptionsSchema = z.object({
  diagnosis: z.array(z.string()),
  confirmation_status: z.array(z.string()),
  gender: z.array(z.string()),
  tissue_quality: z.array(z.string()),
  preservation: z.array(z.string()),
  medical_conditions: z.array(z.string()),
  psych_conditions: z.array(z.string()),
  genetic_conditions: z.array(z.string()),
  ethnicities: z.array(z.string()),
  cause_of_death: z.array(z.string()),
});
export type DonorFilterOptions = z.infer<typeof donorFilterOptionsSchema>;

/** `?cart=` on the filter options: the values for a collection's own page, for whoever may read it. */
export const donorOptionsQuerySchema = z.object({ cart: idTextSchema().optional() });

/** GET abn_donor/?donor_hash= (with doc_id: that document's file). */
export const donorLookupQuerySchema = z.strictObject({
  donor_hash: z.string({ error: DONOR_MESSAGES.hashRequired }).trim().min(1).max(64),
  doc_id: idTextSchema().optional(),
});
/** GET abn_survey/?survey_type=ADI-R&donor_hash= (a file download). */
export const donorSurveyQuerySchema = z.strictObject({
  donor_hash: z.string({ error: DONOR_MESSAGES.hashRequired }).trim().min(1).max(64),
  survey_type: z.enum(DONOR_SURVEY_TYPES, { error: DONOR_MESSAGES.surveyType }),
});

// ---------------------------------------------------------------------------------------------
// One donor as an import file carries it (CSV cells are text; JSON may use numbers and lists).

const DONOR_HASH = /^[A-Za-z0-9_-]{4,64}$/;
const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;
const text = (max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(max, { error: `Ensure this field has no more than ${max} characters.` })
      .nullable(),
  );
/** The vocabulary's own spelling of a value given in any case (blank: null). */
function inVocabulary(values: readonly string[], value: unknown): unknown {
  const given = blankToNull(value);
  if (typeof given !== 'string') return given;
  return values.find((option) => option.toLowerCase() === given.trim().toLowerCase()) ?? given;
}
const choice = (values: readonly string[]) =>
  z.preprocess(
    (value) => inVocabulary(values, value),
    z.enum(values as [string, ...string[]], { error: DONOR_MESSAGES.oneOf(values) }).nullable(),
  );
const requiredChoice = (values: readonly string[]) =>
  z.preprocess(
    (value) => inVocabulary(values, value) ?? undefined,
    z.enum(values as [string, ...string[]], { error: DONOR_MESSAGES.oneOf(values) }),
  );
const number = (min: number, max: number) =>
  z.preprocess(
    (value) => {
      const given = blankToNull(value);
      return typeof given === 'string' ? Number(given.trim()) : given;
    },
    z
      .number({ error: DONOR_MESSAGES.number(min, max) })
      .min(min, { error: DONOR_MESSAGES.number(min, max) })
      .max(max, { error: DONOR_MESSAGES.number(min, max) })
      .nullable(),
  );
/** A list: JSON arrays, or text separated by semicolons. */
const list = (max: number) =>
  z.preprocess(
    (value) => {
      const given = blankToNull(value);
      if (given === null) return [];
      if (typeof given === 'string') return given.split(';');
      return given;
    },
    z
      .array(z.string().trim().max(max))
      .max(50)
      .transform((items) => [...new Set(items.filter(Boolean))]),
  );
/** Conditions with their source: JSON `[{condition, source}]`, or text `condition (source); …`. */
const conditions = z.preprocess(
  (value) => {
    const given = blankToNull(value);
    if (given === null) return [];
    if (typeof given !== 'string') return given;
    return given
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const match = /^(.*?)\s*\(([^()]*)\)\s*$/.exec(part);
        return match ? { condition: match[1], source: match[2] } : { condition: part, source: '' };
      });
  },
  z
    .array(z.object({ condition: z.string().trim().min(1).max(100), source: z.string().trim().max(100) }))
    .max(50),
);

const { age, pmi, rin } = TISSUE_FILTER_BOUNDS;

/**
 * One donor of an import file. Field names are the API's; in CSV, lists are separated by
 * semicolons, conditions read `condition (source)`, and intellectual functioning comes as
 * `intellectual_functioning.level`, `intellectual_functioning.fsiq`, … columns.
 */
export const donorImportSchema = z.object({
  donor_hash: z
    .string({ error: DONOR_MESSAGES.hashRequired })
    .trim()
    .min(1, { error: DONOR_MESSAGES.hashRequired })
    .regex(DONOR_HASH, { error: DONOR_MESSAGES.hashFormat }),
  pilot: z.preprocess(
    (value) => {
      const given = blankToNull(value);
      if (typeof given === 'string') return ['true', 'yes', '1'].includes(given.trim().toLowerCase());
      return given ?? false;
    },
    z.boolean({ error: 'Enter true or false.' }),
  ),
  diagnosis: requiredChoice(DONOR_DIAGNOSES),
  confirmation_status: requiredChoice(DONOR_CONFIRMATION_STATUSES),
  age: number(age.min, age.max),
  gender: choice(DONOR_GENDERS),
  left_hemisphere: choice(TISSUE_STATES),
  right_hemisphere: choice(TISSUE_STATES),
  brainstem: choice(TISSUE_STATES),
  tissue_quality: choice(TISSUE_QUALITIES),
  amount: text(100),
  detail: text(2000),
  genetic_conditions: conditions,
  spark_genes: conditions,
  cause_of_death: text(200),
  secondary_cause_of_death: text(200),
  respirator: choice(RESPIRATOR_ANSWERS),
  respirator_length: text(100),
  medical_conditions: list(100),
  psych_conditions: list(100),
  intellectual_functioning: z
    .object({
      level: text(100),
      year_conducted: number(1900, 2100),
      age_years: number(0, 130),
      age_months: number(0, 11),
      test_type: text(100),
      fsiq: number(0, 200),
      nviq: number(0, 200),
      viq: number(0, 200),
    })
    .nullable()
    .default(null),
  ethnicities: list(100),
  clinical_summary: text(10_000),
  flag: choice(DONOR_FLAGS),
  pmi: number(pmi.min, pmi.max),
  rin: number(rin.min, rin.max),
  brain_weight: number(0, 3000),
  preservation: choice(DONOR_PRESERVATIONS),
  collected_brainstem_detail: text(2000),
  /** Questionnaire answers by survey type: `{ "ADI-R": [{item, question, answer}] }` (JSON only). */
  surveys: z
    .record(
      z.string(),
      z
        .array(
          z.object({
            item: z.string().trim().min(1).max(50),
            question: z.string().trim().max(500),
            answer: z.union([z.string().max(500), z.number()]).transform(String),
          }),
        )
        .max(500),
    )
    .superRefine((surveys, context) => {
      for (const type of Object.keys(surveys)) {
        if (!(DONOR_SURVEY_TYPES as readonly string[]).includes(type))
          context.addIssue({ code: 'custom', path: [type], message: DONOR_MESSAGES.surveyType });
      }
    })
    .default({}),
});
export type DonorImport = z.infer<typeof donorImportSchema>;
