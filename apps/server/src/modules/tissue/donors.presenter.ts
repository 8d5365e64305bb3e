import { can, type Actor, type DonorDto } from '@rrp/domain';
import type { DonorDocumentRow, DonorRow } from './donors.repo';

/** Whether the caller may put restricted donors (under review, not confirmed) in a collection. */
export const selectsRestricted = (actor: Actor | null) => can(actor, 'create', 'RestrictedDonor');

/** A donor as the API answers it, with whether this caller may select it (staff §5). */
export function presentDonor(
  actor: Actor | null,
  row: DonorRow,
  relations: { documents: Map<number, DonorDocumentRow[]>; surveys: Map<number, string[]> },
): DonorDto {
  return {
    id: row.id,
    donor_hash: row.donorHash,
    pilot: row.pilot,
    diagnosis: row.diagnosis,
    confirmation_status: row.confirmationStatus,
    age: row.age,
    gender: row.gender,
    left_hemisphere: row.leftHemisphere,
    right_hemisphere: row.rightHemisphere,
    brainstem: row.brainstem,
    tissue_quality: row.tissueQuality,
    amount: row.amount,
    detail: row.detail,
    genetic_conditions: row.geneticConditions,
    spark_genes: row.sparkGenes,
    cause_of_death: row.causeOfDeath,
    secondary_cause_of_death: row.secondaryCauseOfDeath,
    respirator: row.respirator,
    respirator_length: row.respiratorLength,
    medical_conditions: row.medicalConditions,
    psych_conditions: row.psychConditions,
    intellectual_functioning: row.intellectualFunctioning ?? null,
    ethnicities: row.ethnicities,
    clinical_summary: row.clinicalSummary,
    documents: (relations.documents.get(row.id) ?? []).map((document) => ({
      id: document.id,
      doc_type: document.docType,
      doc_type_v: document.docTypeV,
      name: document.name,
    })),
    surveys: relations.surveys.get(row.id) ?? [],
    flag: row.flag,
    pmi: row.pmi,
    rin: row.rin,
    brain_weight: row.brainWeight,
    preservation: row.preservation,
    collected_brainstem_detail: row.collectedBrainstemDetail,
    restricted: row.restricted,
    selectable: !row.restricted || selectsRestricted(actor),
  };
}
