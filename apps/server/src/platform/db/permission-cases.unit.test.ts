import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Actor } from '@rrp/domain';
import { constantCases, permissionCases } from './permission-cases';

const dialect = new PgDialect();
const text = (query: ReturnType<typeof sql>) => dialect.sqlToQuery(query).sql;

const facts = {
  owner: { sql: sql`facts.owner`, values: [false, true] },
  status: { sql: sql`r.status_id`, values: [1, 2, 3] },
};

describe('permissionCases', () => {
  it('lists every combination, the first fact varying fastest', () => {
    const compiled = permissionCases('answers', facts);
    expect(compiled.combinations).toEqual([
      { owner: false, status: 1 },
      { owner: true, status: 1 },
      { owner: false, status: 2 },
      { owner: true, status: 2 },
      { owner: false, status: 3 },
      { owner: true, status: 3 },
    ]);
  });

  it('writes the answers in that order, and the position the query reads them by', () => {
    const compiled = permissionCases('answers', facts);
    expect(
      JSON.parse(compiled.answersFor(null, ({ owner, status }) => (owner ? [`own ${status}`] : null))),
    ).toEqual([null, ['own 1'], null, ['own 2'], null, ['own 3']]);
    // owner's digit counts 1, status's counts 2: (owner=true, status=2) is 1 + 1 * 2 = 3, the 4th answer.
    // The table is cast in a scalar subquery: once per execution, not once per row.
    expect(text(compiled.sql)).toBe(
      '((select $1::jsonb) -> ((case facts.owner when false then 0 when true then 1 end) * 1 + ' +
        '(case r.status_id when 1 then 0 when 2 then 1 when 3 then 2 end) * 2))',
    );
  });

  it('answers null where the domain answers undefined', () => {
    expect(permissionCases('answers', { owner: facts.owner }).answersFor(null, () => undefined)).toBe(
      '[null,null]',
    );
  });

  it('keeps one table per kind of caller: the same roles share it, other roles or an impersonation do not', () => {
    const compiled = permissionCases('answers', { owner: facts.owner });
    const asked: string[] = [];
    const tableFor = (actor: Actor) =>
      compiled.answersFor(actor, ({ owner }) => {
        asked.push(`${actor.userId}`);
        return owner ? actor.roles : null;
      });
    const researcher = (userId: number): Actor => ({
      userId,
      role: 'primary_researcher',
      roles: ['primary_researcher'],
    });
    expect(tableFor(researcher(1))).toBe('[null,["primary_researcher"]]');
    // Another researcher is the same kind: the table kept for the first, the domain not asked again.
    expect(tableFor(researcher(2))).toBe('[null,["primary_researcher"]]');
    expect(asked).toEqual(['1', '1']);
    expect(tableFor({ userId: 3, role: 'portal_admin', roles: ['portal_admin'] })).toBe(
      '[null,["portal_admin"]]',
    );
    tableFor({ ...researcher(4), impersonatorId: 9, impersonatorRoles: ['portal_admin'] });
    expect(asked).toEqual(['1', '1', '3', '3', '4', '4']);
  });
});

describe('constantCases', () => {
  it('writes the table into the statement, quoted', () => {
    const compiled = constantCases({ kind: { sql: sql`k`, values: ["it's", 'b'] } }, ({ kind }) =>
      kind.toUpperCase(),
    );
    expect(text(compiled)).toBe(
      `('["IT''S","B"]'::jsonb -> ((case k when 'it''s' then 0 when 'b' then 1 end) * 1))`,
    );
  });

  it('refuses a value it cannot write', () => {
    expect(() => constantCases({ n: { sql: sql`n`, values: [Number.NaN] } }, () => 1)).toThrow();
  });
});
