import { describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES } from '@rrp/domain';
import { accessTypesOf } from './catalogue.presenter';
import { acceptsContent } from './dataset-files.policy';
import { sanitizeRichText } from '../../platform/rich-text';

describe('dataset description', () => {
  it('keeps formatting, links and tables and drops anything active', () => {
    expect(
      sanitizeRichText(
        '<h2>Data</h2><p style="color:red" onmouseover="x()">A <em>b</em> <a href="https://sfari.org" target="_blank">c</a></p>' +
          '<table><tr><td colspan="2">d</td></tr></table><iframe src="https://evil"></iframe><script>x()</script>',
      ),
    ).toBe(
      '<h2>Data</h2><p>A <em>b</em> <a href="https://sfari.org" target="_blank" rel="noopener noreferrer">c</a></p>' +
        '<table><tr><td colspan="2">d</td></tr></table>',
    );
    expect(sanitizeRichText('<a href="data:text/html,x">x</a>')).toBe('<a>x</a>');
  });

  it('stores an empty editor paragraph as no description', () => {
    expect(sanitizeRichText('<p><br></p>')).toBe('');
    expect(sanitizeRichText('  ')).toBe('');
  });
});

describe('catalogue file kinds', () => {
  it('takes a zip data file, a pdf or xlsx dictionary, and pdf, docx, txt or md release notes', () => {
    expect(acceptsContent('dataset_file', 'Data.ZIP', 'application/zip')).toBeNull();
    expect(acceptsContent('dataset_file', 'data.zip', 'application/octet-stream')).toBe(
      CATALOGUE_MESSAGES.dataFileZip,
    );
    expect(acceptsContent('data_dictionary', 'dict.pdf', 'application/pdf')).toBeNull();
    expect(acceptsContent('data_dictionary', 'dict.xlsx', 'application/zip')).toBeNull();
    expect(acceptsContent('data_dictionary', 'dict.csv', 'text/csv')).toBe(CATALOGUE_MESSAGES.dictionaryType);
    expect(acceptsContent('release_notes', 'notes.md', 'text/markdown')).toBeNull();
    expect(acceptsContent('release_notes', 'notes.txt', 'application/pdf')).toBe(
      CATALOGUE_MESSAGES.releaseNotesType,
    );
  });
});

describe('access channels a dataset offers', () => {
  const none = { globusGroupId: null, globusLocations: [], dataAccess: null, gpfAccessible: false };
  it('derives Globus, AWS and GPF from the dataset fields', () => {
    expect(accessTypesOf(none)).toEqual([]);
    expect(accessTypesOf({ ...none, globusGroupId: 'g' })).toEqual(['Globus']);
    expect(
      accessTypesOf({
        ...none,
        globusLocations: [{ endpoint_id: 'e', endpoint_name: 'n', location: '/' }],
        dataAccess: 's3://b/',
        gpfAccessible: true,
      }),
    ).toEqual(['Globus', 'AWS', 'GPF']);
  });
});
