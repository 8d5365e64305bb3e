import { useState } from 'react';
import type { DatasetDto } from '@rrp/domain';
import { datasetValues, type DatasetFiles, type DatasetValues, type LocationRow } from '../rules';

export type DatasetFormMode = 'create' | 'edit_details' | 'new_version';

export type FieldErrors = Record<string, string>;

type SetDatasetValue = <K extends keyof DatasetValues>(key: K, value: DatasetValues[K]) => void;

/** What every section of the dataset form reads and writes. */
export interface DatasetFormFields {
  values: DatasetValues;
  errors: FieldErrors;
  set: SetDatasetValue;
}

/** The form's values, chosen files and errors; a change clears its own error and the form's. */
export function useDatasetFormState(dataset: DatasetDto | undefined) {
  const [values, setValues] = useState<DatasetValues>(() => datasetValues(dataset));
  const [files, setFiles] = useState<DatasetFiles>({ dataFile: null, dictionary: null, releaseNotes: null });
  const [errors, setErrors] = useState<FieldErrors>({});

  const set: SetDatasetValue = (key, value) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => {
      const { [key]: _cleared, form: _form, ...rest } = previous;
      return rest;
    });
  };
  const setFile = (key: keyof DatasetFiles, field: string, file: File | null) => {
    setFiles((previous) => ({ ...previous, [key]: file }));
    setErrors((previous) => {
      const { [field]: _cleared, form: _form, ...rest } = previous;
      return rest;
    });
  };
  const setLocation = (index: number, patch: Partial<LocationRow>) => {
    set(
      'globus_locations',
      values.globus_locations.map((row, at) => (at === index ? { ...row, ...patch } : row)),
    );
    setErrors((previous) =>
      Object.fromEntries(
        Object.entries(previous).filter(
          ([key]) => !Object.keys(patch).some((field) => key === `globus_locations.${index}.${field}`),
        ),
      ),
    );
  };
  return { values, files, errors, setErrors, set, setFile, setLocation };
}
