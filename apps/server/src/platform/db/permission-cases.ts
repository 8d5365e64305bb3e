import { sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Actor } from '@rrp/domain';

/*
 * A domain answer compiled into a query (the read model, issue 32). An answer that depends on a
 * row only through a few facts — is the caller its owner, on its team, its reviewer; its status —
 * is asked of the domain in Node once for every combination of those facts, and the query picks
 * the row's combination from that table. The rule stays in `@rrp/domain`; SQL only computes facts.
 */

export type FactValue = boolean | number | string;

/** One fact of a row that the answer reads: how the query computes it and every value it can take. */
export interface Fact<V extends FactValue = FactValue> {
  sql: SQL;
  values: readonly V[];
}

export type Facts<F extends Record<string, FactValue>> = { [K in keyof F]: Fact<F[K]> };

export interface CompiledCases<F extends Record<string, FactValue>> {
  /** The row's answer as `jsonb` (SQL null when a fact is null or outside its values). */
  sql: SQL;
  /** Every combination of the facts, in the order of the answers' table. */
  combinations: readonly F[];
  /**
   * The answers' table for this caller: `answer` of every combination, as the JSON text the query
   * reads. Every fact is relative to the caller (their own, their team, their review), so callers
   * of one kind — the same roles, impersonated or not and by whom's roles — share one table, kept
   * per kind. Each cases object has one `answer`, its read model's rule, which reads the caller
   * only through that kind.
   */
  answersFor(actor: Actor | null, answer: (facts: F) => unknown): string;
}

/** Each call's caller, written as its kind once however many tables the call's statement reads. */
const kinds = new WeakMap<Actor, string>();

/** What an answers' table depends on of the caller (see `answersFor`); a visitor is a kind too. */
export function kindOf(actor: Actor | null): string {
  if (!actor) return 'visitor';
  let kind = kinds.get(actor);
  if (kind === undefined) {
    kind = JSON.stringify([
      actor.role,
      actor.roles,
      actor.impersonatorId != null,
      actor.impersonatorRoles ?? null,
    ]);
    kinds.set(actor, kind);
  }
  return kind;
}

const literal = (value: FactValue): string => {
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`not a fact value: ${value}`);
  return String(value);
};

/** The position of the row's combination in the table: the facts as digits of a mixed radix. */
function positionOf(facts: Fact[]): SQL {
  let stride = 1;
  const digits = facts.map((fact) => {
    const cases = fact.values.map((value, index) => sql.raw(`when ${literal(value)} then ${index}`));
    const digit = sql`(case ${fact.sql} ${sql.join(cases, sql` `)} end) * ${sql.raw(String(stride))}`;
    stride *= fact.values.length;
    return digit;
  });
  return sql.join(digits, sql` + `);
}

function combinationsOf<F extends Record<string, FactValue>>(facts: Facts<F>): F[] {
  const entries = Object.entries(facts) as [string, Fact][];
  const total = entries.reduce((product, [, fact]) => product * fact.values.length, 1);
  return Array.from({ length: total }, (_, index) => {
    // The first fact is the lowest digit, as positionOf counts.
    let rest = index;
    const combination: Record<string, FactValue> = {};
    for (const [name, fact] of entries) {
      combination[name] = fact.values[rest % fact.values.length]!;
      rest = Math.floor(rest / fact.values.length);
    }
    return combination as F;
  });
}

/**
 * The answers' table is the statement's parameter `parameter`: for answers that depend on the
 * caller, computed once per kind of caller by `answersFor`. It is cast to jsonb in a scalar
 * subquery, which PostgreSQL runs once per execution (an InitPlan): a bare `$1::jsonb` in a
 * generic plan is parsed again for every row that reads it: 4 µs a row for the request page's
 * table of 128 answers, read three times a row (a tenth of a page of 100 requests' time in
 * PostgreSQL), against 0.2 µs.
 */
export function permissionCases<F extends Record<string, FactValue>>(
  parameter: string,
  facts: Facts<F>,
): CompiledCases<F> {
  const list = Object.values(facts) as Fact[];
  const combinations = combinationsOf(facts);
  // Computing a table asks the domain of every combination: a tenth of a project's GET.
  const tablesByKind = new LRUCache<string, string>({ max: 200 });
  return {
    sql: sql`((select ${sql.placeholder(parameter)}::jsonb) -> (${positionOf(list)}))`,
    combinations,
    answersFor: (actor, answer) => {
      const kind = kindOf(actor);
      let table = tablesByKind.get(kind);
      if (table === undefined) {
        table = JSON.stringify(combinations.map((combination) => answer(combination) ?? null));
        tablesByKind.set(kind, table);
      }
      return table;
    },
  };
}

/**
 * The same for an answer that depends on no caller (a domain function of the row's facts alone):
 * the table is computed once, here, and written into the statement.
 */
export function constantCases<F extends Record<string, FactValue>>(
  facts: Facts<F>,
  answer: (facts: F) => unknown,
): SQL {
  const combinations = combinationsOf(facts);
  const table = JSON.stringify(combinations.map((combination) => answer(combination) ?? null));
  return sql`(${sql.raw(literal(table))}::jsonb -> (${positionOf(Object.values(facts) as Fact[])}))`;
}
