import { describe, expect, it } from 'vitest';
import { OBJECT_VERSION_MESSAGES } from '@rrp/domain';
import { ValidationError } from './errors';
import { entityTag, parseIfMatch, satisfies } from './object-versions';

describe('If-Match', () => {
  it('is absent, any version, or a list of entity tags', () => {
    expect(parseIfMatch(undefined)).toBeNull();
    expect(parseIfMatch('*')).toBe('*');
    expect(parseIfMatch(' * ')).toBe('*');
    expect(parseIfMatch('"12.3"')).toEqual([{ weak: false, opaque: '12.3' }]);
    expect(parseIfMatch('"12.3", W/"12.4" ,"x,y"')).toEqual([
      { weak: false, opaque: '12.3' },
      { weak: true, opaque: '12.4' },
      { weak: false, opaque: 'x,y' },
    ]);
    // Repeated headers are one list.
    expect(parseIfMatch(['"1.0"', '"2.0"'])).toEqual([
      { weak: false, opaque: '1.0' },
      { weak: false, opaque: '2.0' },
    ]);
    expect(parseIfMatch('""')).toEqual([{ weak: false, opaque: '' }]);
  });

  it('refuses anything else with a 400 naming the header', () => {
    for (const header of ['', '12.3', '"12.3', '"a" "b"', 'w/"1"', '"1",,', '*, "1"', '"a"b"']) {
      const refuse = () => parseIfMatch(header);
      expect(refuse, header).toThrow(ValidationError);
      try {
        refuse();
      } catch (error) {
        expect((error as ValidationError).body).toEqual({
          'If-Match': [OBJECT_VERSION_MESSAGES.malformedIfMatch],
        });
      }
    }
  });

  it('matches the current version strongly: a weak tag never matches', () => {
    expect(satisfies('*', '5.1')).toBe(true);
    expect(satisfies(parseIfMatch('"5.0", "5.1"')!, '5.1')).toBe(true);
    expect(satisfies(parseIfMatch('"5.0"')!, '5.1')).toBe(false);
    expect(satisfies(parseIfMatch('W/"5.1"')!, '5.1')).toBe(false);
    // A missing object satisfies nothing, not even `*`.
    expect(satisfies('*', null)).toBe(false);
    expect(entityTag('5.1')).toBe('"5.1"');
    expect(satisfies(parseIfMatch(entityTag('5.1'))!, '5.1')).toBe(true);
  });
});
