import { PgDialect, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../http/errors';
import { listQuerySchema, ownValue, parseListQuery, type ListSpec } from './list-spec';
import { inPageOrder } from './select-page';

const things = pgTable('things', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  created: timestamp('created').notNull(),
});

const spec: ListSpec = {
  id: things.id,
  filters: {
    id: { type: 'int', column: things.id },
    name: { type: 'text', column: things.name },
    created: { type: 'date', column: things.created },
  },
  ordering: { name: things.name, created: things.created },
  defaultOrdering: ['-created'],
  search: [things.name],
  expand: ['owner'],
};

const dialect = new PgDialect();
const render = (query: Record<string, string>) => {
  const parsed = parseListQuery(spec, query);
  return {
    where: parsed.where ? dialect.sqlToQuery(parsed.where) : undefined,
    orderBy: parsed.orderBy.map((part) => dialect.sqlToQuery(part).sql),
    limit: parsed.limit,
    offset: parsed.offset,
  };
};

describe('parseListQuery', () => {
  it('defaults to 100 rows, the spec ordering and an id tie-breaker', () => {
    expect(render({})).toEqual({
      where: undefined,
      orderBy: ['"things"."created" desc', '"things"."id" asc'],
      limit: 100,
      offset: 0,
    });
  });

  it('builds parameterised conditions for each lookup', () => {
    const { where } = render({ id__in: '1,2', name__icontains: 'a_b', created__gte: '2024-01-01' });
    expect(where?.sql).toBe(
      '("things"."id" in ($1, $2) and "things"."name" ilike $3 and "things"."created" >= $4)',
    );
    expect(where?.params.slice(0, 3)).toEqual([1, 2, '%a\\_b%']);
  });

  it('matches a search with id sets as the listed id in their union, plain fields as ILIKEs', () => {
    const withSets: ListSpec = {
      ...spec,
      search: [
        things.name,
        { ids: (pattern) => sql`select thing_id from owners where owners.name ilike ${pattern}` },
      ],
    };
    const where = parseListQuery(withSets, { search: ' 50% ' }).where!;
    const query = dialect.sqlToQuery(where);
    expect(query.sql).toBe(
      '("things"."name" ilike $1 or "things"."id" in (select thing_id from owners where owners.name ilike $2))',
    );
    expect(query.params).toEqual(['%50\\%%', '%50\\%%']);
  });

  it('collects every bad parameter into one 400', () => {
    try {
      parseListQuery(spec, {
        id: 'x',
        created__lte: 'yesterday',
        ordering: 'secret',
        expand: 'nope',
        offset: '-3',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).fields).toEqual({
        id: ['Enter a whole number.'],
        created__lte: ['Enter a date as YYYY-MM-DD.'],
        ordering: ['Unknown ordering field: secret.'],
        expand: ['Unknown relation: nope.'],
        offset: ['Enter a whole number.'],
      });
    }
  });

  it('takes whole numbers written one way only, within the integer columns', () => {
    const refusal = (raw: string) => {
      try {
        parseListQuery(spec, { id: raw });
        return undefined;
      } catch (error) {
        return (error as ValidationError).fields.id;
      }
    };
    for (const raw of ['16', '0', '-5', '2147483647', '-2147483648'])
      expect(refusal(raw), raw).toBeUndefined();
    for (const raw of ['0x10', '1e1', '+16', ' 16', '16 ', '1.0', '']) {
      expect(refusal(raw), raw).toEqual(['Enter a whole number.']);
    }
    for (const raw of ['016', '00', '-0', '-016']) {
      expect(refusal(raw), raw).toEqual(['Enter a whole number without leading zeros.']);
    }
    expect(refusal('2147483648')).toEqual(['Ensure this value is less than or equal to 2147483647.']);
    expect(refusal('-2147483649')).toEqual(['Ensure this value is greater than or equal to -2147483648.']);
  });

  it('looks enum-like values up among own keys only', () => {
    const table = { dataset: 1 };
    expect(ownValue(table, 'dataset')).toBe(1);
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(ownValue(table, name), name).toBeUndefined();
    }
  });

  it('declares exactly the filters and lookups of the spec in the query schema', () => {
    const schema = listQuerySchema(spec);
    expect(schema.safeParse({ name__icontains: 'x', created__gte: '2024-01-01' }).success).toBe(true);
    expect(schema.safeParse({ name__gte: 'x' }).success).toBe(false);
    expect(schema.safeParse({ colour: 'red' }).success).toBe(false);
  });
});

describe('inPageOrder', () => {
  it('puts rows loaded by id back in the order of the page, leaving out ids with no row', () => {
    const rows = [{ id: 3 }, { id: 1 }, { id: 2 }];
    expect(inPageOrder([2, 9, 3, 1], rows, (row) => row.id)).toEqual([{ id: 2 }, { id: 3 }, { id: 1 }]);
  });
});
