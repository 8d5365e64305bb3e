import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
} from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SwaggerTransform } from '@fastify/swagger';
import type { z } from 'zod';
import { mayAttempt, type Action, type Actor, type PERMISSIONS, type Subject } from '@rrp/domain';
import type { RouteAccess } from './access';
import { UnauthorizedError } from './errors';
import { JsonText } from './json-text';
import type { VersionedAnswer } from './object-versions';
import type { VersionSource } from './object-versions';

type Schema = z.ZodType;
type Parsed<S> = S extends Schema ? z.output<S> : undefined;
type MaybePromise<T> = T | Promise<T>;

/** The permission a route asks of the caller's active role (the access hook checks it first). */
export const allow = <A extends Action, S extends Subject>(action: A, subject: S) => ({ action, subject });

type Anyone = (typeof PERMISSIONS)['anyone'];
/** A permission the table grants to `anyone`, visitors included (the public catalogue, feedback). */
type GrantedToAnyone<A> = A extends { action: infer Act; subject: infer S extends keyof Anyone }
  ? Act extends keyof Anyone[S]
    ? true
    : false
  : false;

/** What a handler gets: the caller, and the parsed path, query and body. */
export interface RouteCall<A extends RouteAccess, P, Q, B> {
  /**
   * Signed in on every route but a public one or one granted to anyone; the access hook has
   * checked the permission.
   */
  actor: A extends 'public' ? Actor | null : GrantedToAnyone<A> extends true ? Actor | null : Actor;
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** One endpoint: where it is, who may call it, what it takes and answers, and the one service call. */
interface RouteSpec<A extends RouteAccess, P, Q, B, R> {
  method: Extract<HTTPMethods, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>;
  url: string;
  access: A;
  summary?: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The success answer; `status` is its code (200 unless given). */
  response?: R;
  status?: number;
  /** Other answers the OpenAPI document names (a 400's shape, a download's 404...). */
  otherResponses?: Record<number, Schema>;
  produces?: string[];
  /** Takes an `Idempotency-Key`; the service claims it through `request.idempotencyClaim`. */
  idempotent?: boolean;
  rateLimit?: FastifyContextConfig['rateLimit'];
  /**
   * The object this route reads (GET: answers its `ETag`) or writes (PATCH, PUT, DELETE: honours
   * `If-Match`, 412 when stale), named by the path's `:id` (`platform/http/object-versions.ts`).
   */
  version?: VersionSource;
  /** Left out of the OpenAPI document (a static file outside /api). */
  hide?: boolean;
  /**
   * How the OpenAPI document shows what the schemas cannot say: a multipart upload's form
   * (`multipartForm`), read by the handler itself rather than declared as a `body`.
   */
  swaggerTransform?: SwaggerTransform;
  /**
   * Answers the body, the body as JSON text the database wrote (`JsonText`), or the reply itself
   * when the handler sent it (downloads, headers); a versioned GET whose source reads the version
   * with the object answers either in a `VersionedAnswer`.
   */
  handle(
    call: RouteCall<A, P, Q, B>,
  ): MaybePromise<(R extends Schema ? z.output<R> : unknown) | JsonText | VersionedAnswer | FastifyReply>;
}

/** A declared endpoint with its types checked and erased, ready for `routes`. */
export interface Route {
  readonly spec: RouteSpec<RouteAccess, Schema, Schema, Schema, Schema>;
}

/** Declares one endpoint; the handler's `actor`, `params`, `query` and `body` are typed from the spec. */
export function route<
  A extends RouteAccess,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema | undefined = undefined,
>(spec: RouteSpec<A, P, Q, B, R>): Route {
  return { spec: spec as unknown as Route['spec'] };
}

/**
 * A module's endpoints as a Fastify plugin: `declare` receives the module's services (and the
 * scoped app, for a module that registers a parser of its own) and answers its table of routes.
 */
export function routes<Deps extends object>(
  tags: string[],
  declare: (deps: Deps, app: FastifyInstance) => MaybePromise<Route[]>,
): FastifyPluginAsyncZod<Deps> {
  return async (app, deps) => {
    for (const { spec } of await declare(deps, app)) register(app, tags, spec);
  };
}

function register(app: FastifyInstance, tags: string[], spec: Route['spec']): void {
  const status = spec.status ?? 200;
  const response = spec.response ? { [status]: spec.response, ...spec.otherResponses } : spec.otherResponses;
  app.route({
    method: spec.method,
    url: spec.url,
    config: {
      access: spec.access,
      ...(spec.idempotent && { idempotent: true }),
      ...(spec.rateLimit && { rateLimit: spec.rateLimit }),
      ...(spec.swaggerTransform && { swaggerTransform: spec.swaggerTransform }),
      ...(spec.version && { versioned: spec.method === 'GET' ? ('read' as const) : ('write' as const) }),
    },
    schema: definedOnly({
      hide: spec.hide,
      tags,
      summary: spec.summary,
      description: spec.description,
      produces: spec.produces,
      params: spec.params,
      querystring: spec.query,
      body: spec.body,
      response,
    }),
    handler: async (request, reply) => {
      const actor = request.actor;
      const visitorsMay =
        spec.access === 'public' || mayAttempt(null, spec.access.action, spec.access.subject);
      if (!actor && !visitorsMay) throw new UnauthorizedError();
      const handle = () =>
        spec.handle({
          actor: actor as Actor,
          params: request.params,
          query: request.query,
          body: request.body,
          request,
          reply,
        });
      const { version } = spec;
      const answer = version
        ? await request.server.objectVersions[spec.method === 'GET' ? 'read' : 'write'](
            request,
            reply,
            version,
            handle,
          )
        : await handle();
      if (answer === reply || reply.sent) return reply;
      // A JsonText goes to the route's serializer, which sends its text as it is (and checks it in
      // strict mode); without a schema to check it against, the text is sent at once.
      if (answer instanceof JsonText && !response?.[status]) {
        return reply.status(status).type('application/json; charset=utf-8').send(answer.body());
      }
      return reply.status(status).send(answer);
    },
  });
}

/** The OpenAPI generator reads a present key as declared, so absent parts are left out. */
function definedOnly<T extends object>(schema: T): Partial<T> {
  return Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined)) as Partial<T>;
}
