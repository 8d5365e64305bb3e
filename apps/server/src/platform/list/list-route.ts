import { z } from 'zod';
import { LIMITS, pageSchema } from '@rrp/domain';
import type { RouteAccess } from '../http/access';
import { route, type Route, type RouteCall } from '../http/route';
import { listQuerySchema, type ListSpec } from './list-spec';
import { toJsonPage, toPage } from './page';

/** `?limit=&offset=` of a page without a list spec (no filters or ordering: the bell, a request's comments). */
export const pagingQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(LIMITS.list.maxLimit).default(LIMITS.list.defaultLimit),
  offset: z.coerce.number().int().min(0).default(0),
});

type ListQuery = z.output<ReturnType<typeof listQuerySchema>>;

/** What a list service answers: the paging it parsed, the total and the page's rows. */
interface Listed<T> {
  list: { limit: number; offset: number };
  count: number;
  results: T[];
}

/** The same from the read model: the JSON array the database wrote, or each row's JSON text. */
interface ListedJson {
  list: { limit: number; offset: number };
  count: number;
  resultsJson: string | readonly string[];
}

/** A `GET <object>/` endpoint: where it is, who may call it, its list spec, its row schema and the one service call. */
export interface ListRouteSpec<A extends RouteAccess, P, I extends z.ZodType> {
  url: string;
  access: A;
  summary?: string;
  description?: string;
  params?: P;
  /** The filters, orderings and expansions the list accepts; its query schema is built from them. */
  list: ListSpec;
  /** One row of the page. */
  item: I;
  load(call: RouteCall<A, P, z.ZodType<ListQuery>, undefined>): Promise<Listed<z.output<I>> | ListedJson>;
}

/**
 * Declares a list endpoint: the query schema generated from the list's spec (an undeclared filter
 * is a 400), and the page envelope with `next`/`previous` links around what the service loaded.
 */
export function listRoute<
  A extends RouteAccess,
  I extends z.ZodType,
  P extends z.ZodType | undefined = undefined,
>({ list, item, load, ...spec }: ListRouteSpec<A, P, I>): Route {
  return route({
    ...spec,
    method: 'GET',
    query: listQuerySchema(list),
    response: pageSchema(item),
    handle: async (call) => {
      const listed = await load(call as RouteCall<A, P, z.ZodType<ListQuery>, undefined>);
      return 'resultsJson' in listed
        ? toJsonPage(call.request, listed.list, listed.count, listed.resultsJson)
        : toPage(call.request, listed.list, listed.count, listed.results);
    },
  });
}
