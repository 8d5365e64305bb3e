import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { idParamSchema, type Action, type Subject } from '@rrp/domain';
import type { RouteAccess } from '../http/access';
import type { JsonText } from '../http/json-text';
import type { VersionedAnswer, VersionSource } from '../http/object-versions';
import { allow, route, type Route, type RouteCall } from '../http/route';
import { detailQuerySchema, parseExpand } from './detail';
import { listRoute, type ListRouteSpec } from './list-route';
import type { ListSpec } from './list-spec';

type Schema = z.ZodType;
type MaybePromise<T> = T | Promise<T>;
type Answer<R> = MaybePromise<
  (R extends Schema ? z.output<R> : unknown) | JsonText | VersionedAnswer | FastifyReply
>;
type Allowed<Act extends Action, S extends Subject> = { action: Act; subject: S };

/** What the handler of one of an object's routes gets: the route's call and the relations `?expand=` names. */
type ObjectCall<Act extends Action, S extends Subject, P, B> = Omit<
  RouteCall<Allowed<Act, S>, P, undefined, B>,
  'query'
> & {
  /** Empty on a route without `?expand=`. */
  expand: ReadonlySet<string>;
};

/** One of the routes: its handler, and what it declares besides the defaults. */
interface ObjectPart<Act extends Action, S extends Subject, P, B, R> {
  summary?: string;
  description?: string;
  /** The success answer, when it is not the object (`status`, when it is not 200, 201 or 204). */
  response?: R;
  status?: number;
  otherResponses?: Record<number, Schema>;
  idempotent?: boolean;
  /** `false`: this route takes no `?expand=` although the object's others do. */
  expand?: false;
  handle(call: ObjectCall<Act, S, P, B>): Answer<R>;
}

type Part<Act extends Action, S extends Subject, P, B, R> =
  ObjectPart<Act, S, P, B, R>['handle'] | ObjectPart<Act, S, P, B, R>;

type IdParams = typeof idParamSchema;

/**
 * The standard routes of one object: `list` (`GET <url>`), `create` (`POST <url>`, 201), `read`,
 * `update` (`PATCH`) and `remove` (`DELETE`, 204) at `<url>:id/`. Each asks `allow(<its action>,
 * subject)` and answers `item` unless told otherwise; the table declares the ones the object has,
 * in its own order, beside its other routes. `expand` is the list spec whose relations `?expand=`
 * may name on read, create and update. `version` names the object's row (and history): its read
 * answers an `ETag`, its update and remove honour `If-Match` (`platform/http/object-versions.ts`).
 */
export function objectRoutes<S extends Subject, I extends Schema>(
  url: string,
  subject: S,
  item: I,
  expand?: ListSpec,
  version?: VersionSource,
) {
  const itemUrl = `${url}:id/`;

  function declare(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    action: Action,
    path: string,
    defaults: { params?: Schema; body?: Schema; response?: Schema; status?: number },
    part: Part<Action, S, Schema, Schema, Schema>,
  ): Route {
    const { handle, expand: takesExpand, ...declared } = typeof part === 'function' ? { handle: part } : part;
    // A delete answers no object to expand.
    const expandFrom = action === 'delete' || takesExpand === false ? undefined : expand;
    return route<RouteAccess, Schema, Schema, Schema, Schema>({
      method,
      url: path,
      access: allow(action, subject),
      ...defaults,
      ...declared,
      ...(expandFrom && { query: detailQuerySchema }),
      ...(version && path === itemUrl && { version }),
      handle: (call) =>
        handle({
          ...(call as unknown as ObjectCall<Action, S, Schema, Schema>),
          expand: expandFrom ? parseExpand(expandFrom, (call.query as { expand?: string }).expand) : NONE,
        }),
    });
  }

  return {
    list: <LI extends Schema = I>(
      part: Omit<ListRouteSpec<Allowed<'list', S>, undefined, LI>, 'url' | 'access' | 'item'> & { item?: LI },
    ): Route => listRoute({ url, access: allow('list', subject), item, ...part }),

    /** `params` names another id than the number (`idOrUuidParamSchema`). */
    read: <R extends Schema = I, P extends Schema = IdParams>(
      part: Part<'read', S, P, undefined, R> | (ObjectPart<'read', S, P, undefined, R> & { params?: P }),
    ): Route => declare('GET', 'read', itemUrl, { params: idParamSchema, response: item }, part as never),

    create: <B extends Schema, R extends Schema = I>(
      part: ObjectPart<'create', S, undefined, B, R> & { body: B },
    ): Route => declare('POST', 'create', url, { response: item, status: 201 }, part as never),

    update: <B extends Schema, R extends Schema = I>(
      part: ObjectPart<'update', S, IdParams, B, R> & { body: B },
    ): Route => declare('PATCH', 'update', itemUrl, { params: idParamSchema, response: item }, part as never),

    /** 204, or 200 with the `response` it declares. */
    remove: <R extends Schema | undefined = undefined>(
      part: Part<'delete', S, IdParams, undefined, R>,
    ): Route =>
      declare(
        'DELETE',
        'delete',
        itemUrl,
        { params: idParamSchema, status: typeof part !== 'function' && part.response ? 200 : 204 },
        part as never,
      ),
  };
}

const NONE: ReadonlySet<string> = new Set();
