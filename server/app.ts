/**
 * The HTTP side of the server: structured request logs, CORS for the allowed origins, the health
 * endpoint, the registry, the data service and the session paths, and `{ code, message }` for
 * every error.
 * @module
 */
import { Hono, type MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import type { ServerConfig } from './config.js'
import { bodyTooLarge, declaresTooLarge, HttpError, MAX_BODY_BYTES } from './http.js'
import type { Logger } from './log.js'

/** What `/health` reports besides "ok". */
export type HealthProbe = () => Promise<Record<string, unknown>>

/**
 * Builds the app around the given route groups.
 * @param parameters - configuration, logger, the health probe and the route groups.
 * @returns the Hono app.
 */
export function createApp(parameters: {
  readonly config: ServerConfig
  readonly log: Logger
  readonly health: HealthProbe
  readonly routes: readonly Hono[]
  /** Middleware that runs before CORS (the registry's request log). */
  readonly before?: readonly MiddlewareHandler[]
}): Hono {
  const { config, log } = parameters
  const app = new Hono()
  app.use('*', async (context, next) => {
    const started = performance.now()
    await next()
    const fields = {
      method: context.req.method,
      path: context.req.path,
      status: context.res.status,
      ms: Math.round(performance.now() - started),
    }
    if (context.res.status >= 500) log.warn('request failed', fields)
    else log.debug('request', fields)
  })
  for (const middleware of parameters.before ?? []) app.use('*', middleware)
  const anyOrigin = config.allowedOrigins.includes('*')
  app.use(
    '*',
    cors({
      origin: anyOrigin
        ? '*'
        : (origin) => (config.allowedOrigins.includes(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      // `authorization` carries a sign-in's revocation token (POST /v1/sessions/{address}/revoke).
      allowHeaders: [
        'authorization',
        'content-type',
        'x-project-id',
        'x-sdk-type',
        'x-sdk-version',
      ],
      maxAge: 600,
    }),
  )
  // No path takes a body over the limit: one declared larger is refused before it is read.
  app.use('*', async (context, next) => {
    if (declaresTooLarge(context)) throw bodyTooLarge(MAX_BODY_BYTES)
    await next()
  })
  app.get('/health', async (context) => {
    try {
      return context.json({ status: 'ok', ...(await parameters.health()) })
    } catch (error) {
      log.error('health check failed', { error })
      return context.json({ status: 'unavailable', message: (error as Error).message }, 503)
    }
  })
  for (const routes of parameters.routes) app.route('/', routes)
  app.notFound((context) =>
    context.json(
      { code: 'NOT_FOUND', message: `No such path: ${context.req.path.slice(0, 200)}` },
      404,
    ),
  )
  app.onError((error, context) => {
    if (error instanceof HttpError) {
      return context.json({ code: error.code, message: error.message }, error.status, error.headers)
    }
    log.error('unhandled error', { path: context.req.path, error, stack: error.stack })
    return context.json({ code: 'INTERNAL', message: 'Internal error' }, 500)
  })
  return app
}
