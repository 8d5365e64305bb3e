import { describe, expect, it } from 'vitest';
import { collectMessages, irbUploadErrors } from './error-text';

describe('collectMessages', () => {
  it('lists flat, nested and per-row messages, without the correlation id', () => {
    expect(
      collectMessages({
        non_field_errors: ['Team could not be saved.'],
        team: [{}, { email: ['Please enter a valid email address.'] }],
        correlation_id: 'abc',
      }),
    ).toEqual(['Team could not be saved.', 'team row 2 email: Please enter a valid email address.']);
  });
});

describe('irbUploadErrors', () => {
  it('puts the virus-scan refusal on the file', () => {
    expect(
      irbUploadErrors(
        412,
        { detail: 'File x.pdf did not pass virus scan' },
        'File x.pdf did not pass virus scan',
      ),
    ).toEqual({
      file: 'File x.pdf did not pass virus scan',
    });
  });

  it('puts metadata errors on their fields, flat or under additional_data', () => {
    expect(
      irbUploadErrors(
        400,
        { additional_data: { approval_date: ['Must have a previous date'] } },
        'Bad request',
      ),
    ).toEqual({ approval_date: 'Must have a previous date' });
    expect(irbUploadErrors(400, { renewal_date: ['Must have a future date'] }, 'Bad request')).toEqual({
      renewal_date: 'Must have a future date',
    });
  });

  it('puts other field errors (not a PDF) on the file', () => {
    expect(irbUploadErrors(400, { file: ['The IRB document must be a PDF file.'] }, 'Bad request')).toEqual({
      file: 'The IRB document must be a PDF file.',
    });
  });
});
