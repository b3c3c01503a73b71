import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { registerAuthHook } from './http/auth-hook.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { serializerCompiler } from './http/serializer.js';
import { defaultWebDist, registerSpa } from './http/spa.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthCache } from './modules/auth/auth-cache.js';
import { authNodeRoutes } from './modules/auth-node/auth-node.routes.js';
import { homeRoutes } from './modules/home/home.routes.js';

export interface AppDeps {
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; the default is `web/dist` of this repository. */
  webDist?: string;
  /** Largest JSON body accepted; uploads get their own limit. */
  bodyLimit?: number;
}

/** Every `/api/admin` route must declare its access; this list lets a test prove it. */
export interface RouteRecord {
  method: string;
  url: string;
  access: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    parleyRoutes: RouteRecord[];
    /** The services' shared context (tests reach the auth cache through it). */
    parley: AppContext;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    // Per-request lines cost throughput; errors are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: deps.bodyLimit ?? 1024 * 1024,
    genReqId: () => randomUUID(),
    // Forwarded-for headers count only from a proxy on this host or a private network.
    trustProxy: 'loopback,linklocal,uniquelocal',
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routes: RouteRecord[] = [];
  app.decorate('parleyRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) {
      return;
    }
    const declared = route.config?.access;
    if (route.url.startsWith('/api/admin') && !declared) {
      throw new Error(`${route.method} ${route.url} declares no access: every admin call needs one`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') {
        routes.push({ method, url: route.url, access: declared ? JSON.stringify(declared) : 'public' });
      }
    }
  });

  registerErrorHandler(app);
  registerSecurityHeaders(app);
  const ctx: AppContext = { db: deps.database.db, authCache: new AuthCache() };
  app.decorate('parley', ctx);
  const unsubscribe = await ctx.authCache.subscribe(deps.database);
  app.addHook('onClose', () => unsubscribe());
  registerAuthHook(app, ctx);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Parley API', version: '0.1.0', description: 'Every call answers { code, msg, data }.' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  homeRoutes(app, ctx);
  authRoutes(app, ctx);
  authNodeRoutes(app, ctx);

  app.get('/api/docs', { config: { access: { kind: 'public' } }, schema: { hide: true } }, async () => app.swagger());

  await registerSpa(app, deps.webDist ?? defaultWebDist);
  return app;
}
