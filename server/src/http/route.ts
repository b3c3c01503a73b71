import {
  ErrorCode,
  noInput,
  type TLanguage,
  type TMessageKey,
  type TOp,
  type TOpAccess,
  translate,
} from '@parley/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The signed-in caller, as the auth module's access hook puts it on the request (http/ stays below the features). */
type Actor = NonNullable<FastifyRequest['actor']>;

import { type Access, access } from './access.js';
import { unauthorized } from './app-error.js';

export interface CallContext<I> {
  input: I;
  lang: TLanguage;
  /** The language the caller asked for (the Language header); null when it named none. */
  chosenLang: TLanguage | null;
  ip: string;
  userAgent: string;
  /** The signed-in caller; reading it on a public call answers 0401. */
  readonly actor: Actor;
  /** The caller when there is one (public calls). */
  maybeActor: Actor | null;
  /** Replaces the success message when the outcome differs (e.g. suspended instead of deleted). */
  setMessage: (key: TMessageKey) => void;
}

export interface CallDef<I extends z.ZodType, O extends z.ZodType> {
  access: Access;
  summary: string;
  tags?: string[];
  input?: I;
  output: O;
  /** Key of the success message (`msg`); "Success" when omitted. */
  message?: TMessageKey;
  handler: (ctx: CallContext<z.output<I>>) => Promise<z.input<O>>;
}

const envelopes = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The success envelope around a call's `data`: documents the call and stops fields leaking. One
 * envelope object per data schema: the response serializer is built once per schema object
 * (serializer.ts), and a new envelope for each app built every route's serializer again.
 */
export function envelopeOf<O extends z.ZodType>(data: O) {
  const known = envelopes.get(data) as ReturnType<typeof envelopeAround<O>> | undefined;
  if (known) {
    return known;
  }
  const envelope = envelopeAround(data);
  envelopes.set(data, envelope);
  return envelope;
}

function envelopeAround<O extends z.ZodType>(data: O) {
  return z.object({ code: z.literal(ErrorCode.ok), msg: z.string(), data });
}

/**
 * A class, not an object literal with getters: each literal's getters are new closures, so every
 * call got its own hidden class, kept in old space with the request it closed over. The requests
 * then outlived the young generation and cost two full collections per 30,000 calls.
 */
class RequestCallContext<I> implements CallContext<I> {
  readonly lang: TLanguage;
  readonly maybeActor: Actor | null;
  constructor(
    private readonly request: FastifyRequest,
    readonly input: I,
    readonly setMessage: (key: TMessageKey) => void,
  ) {
    this.lang = request.lang;
    this.maybeActor = request.actor;
  }
  get chosenLang(): TLanguage | null {
    const asked = this.request.headers.language;
    return typeof asked === 'string' && asked ? this.lang : null;
  }
  // Read on use: the address goes through the trusted-proxy rules, which most calls never need.
  get ip(): string {
    return this.request.ip;
  }
  get userAgent(): string {
    return String(this.request.headers['user-agent'] ?? '').slice(0, 500);
  }
  get actor(): Actor {
    if (!this.request.actor) {
      throw unauthorized();
    }
    return this.request.actor;
  }
}

/** A POST may carry parameters in its query (the spec shows `POST ...?need_admin`): merge them. */
function mergeQueryIntoBody(request: FastifyRequest, _reply: unknown, done: () => void) {
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body;
  if (body === undefined || body === null) {
    request.body = { ...(query ?? {}) };
  } else if (query && Object.keys(query).length > 0 && typeof body === 'object' && !Array.isArray(body)) {
    request.body = { ...query, ...(body as Record<string, unknown>) };
  }
  done();
}

function register<I extends z.ZodType, O extends z.ZodType>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  def: CallDef<I, O>,
): void {
  const inputKey = method === 'GET' ? 'querystring' : 'body';
  const successMessages = {
    en: translate(def.message ?? 'ok', 'en'),
    'zh-cn': translate(def.message ?? 'ok', 'zh-cn'),
  };
  // The generic envelope defeats the type provider's inference; the zod schemas still validate.
  (app as FastifyInstance).route({
    method,
    url,
    config: { access: def.access },
    ...(method === 'POST' ? { preValidation: mergeQueryIntoBody } : {}),
    schema: {
      summary: def.summary,
      ...(def.tags ? { tags: def.tags } : {}),
      ...(def.input ? { [inputKey]: def.input } : {}),
      response: { 200: envelopeOf(def.output) },
    },
    // Sends from the handler's own promise instead of returning a new one for Fastify to wait on:
    // one promise and one microtask turn fewer per call. Like Fastify's own promise wrapper, it
    // catches a throw while sending, so no call can end as an unhandled rejection.
    handler: (request, reply) => {
      const input = (method === 'GET' ? request.query : request.body) as z.output<I>;
      let override: TMessageKey | null = null;
      const call = new RequestCallContext(request, input, (key) => (override = key));
      def.handler(call).then(
        (data) => {
          const msg = override ? translate(override, call.lang) : successMessages[call.lang];
          try {
            reply.send({ code: ErrorCode.ok, msg, data });
          } catch (error) {
            reply.send(error);
          }
        },
        // Only an Error is sent as a failure; anything else thrown would be sent as a 200 body.
        (error: unknown) => reply.send(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
}

export const defineGet = <I extends z.ZodType, O extends z.ZodType>(
  app: FastifyInstance,
  url: string,
  def: CallDef<I, O>,
) => register(app, 'GET', url, def);

export const definePost = <I extends z.ZodType, O extends z.ZodType>(
  app: FastifyInstance,
  url: string,
  def: CallDef<I, O>,
) => register(app, 'POST', url, def);

/** The server's check of an operation's access (contracts spell it without the server's types). */
export function accessOf(opAccess: TOpAccess): Access {
  if ('public' in opAccess) {
    return access.public;
  }
  if ('session' in opAccess) {
    return access.session;
  }
  if ('staff' in opAccess) {
    return access.staff;
  }
  if ('btn' in opAccess) {
    return access.btn(opAccess.btn);
  }
  return typeof opAccess.menu === 'string' ? access.menu(opAccess.menu) : access.menu(...opAccess.menu);
}

/**
 * Registers an operation of contracts (`tagOps.list`...): its method, path, access, input and
 * output come from the one object the web and the tests use too; the server adds the handler.
 */
export function define<I extends z.ZodType, O extends z.ZodType>(
  app: FastifyInstance,
  op: TOp<I, O>,
  impl: { handler: CallDef<I, O>['handler'] },
): void {
  register(app, op.method, op.path, {
    access: accessOf(op.access),
    summary: op.summary,
    tags: [...op.tags],
    ...((op.input as z.ZodType) === noInput ? {} : { input: op.input }),
    output: op.output,
    ...(op.message ? { message: op.message } : {}),
    handler: impl.handler,
  });
}
