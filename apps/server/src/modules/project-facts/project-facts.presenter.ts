import type { IrbRecordDto } from '@rrp/domain';

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** A project's IRB record as every module shows it (the request's `project.latest_irb` too). */
export function presentIrb(file: {
  id: number;
  name: string;
  additionalData: Record<string, unknown>;
  created: Date;
}): IrbRecordDto {
  const data = file.additionalData;
  const designation = Number(data.designation);
  return {
    id: file.id,
    name: file.name,
    designation: designation === 1 || designation === 2 ? designation : null,
    approval_date: text(data.approval_date),
    renewal_date: text(data.renewal_date),
    assurance_number: text(data.assurance_number),
    created: file.created.toISOString(),
  };
}
