/**
 * Our HTTP host: Fastify serving the static build (precompressed, long-cached assets;
 * in-memory HTML pages) and handing everything else to Astro's middleware-mode
 * handler, with compression, security headers and one log line per request.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import compression from 'compression';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { isDatabaseUnavailable } from '../db/client.ts';
import type { AppDatabase } from '../db/index.ts';
import type { ServerEnv } from '../env.ts';
import { bodyRateGuard } from './body-rate.ts';
import { registerHealth } from './health.ts';
import { hasSessionCookie, HtmlPages, negotiateEncoding, type HtmlPage } from './html-pages.ts';
import { API_ERRORS } from './copy.ts';
import { createMetrics, registerMetrics, routeOfPath, type Metrics } from './metrics.ts';
import { OnDemandPages, rewriteHtmlResponse } from './on-demand-html.ts';
import { routeHeaders, securityHeaders } from './security-headers.ts';
import { charsetOnHtml } from './html-charset.ts';

/** What the host hands Astro's handler for each request (src/env.d.ts declares it on App.Locals). */
export interface HostLocals {
  /** The client's address as Fastify resolved it (TRUST_PROXY aware): the one every limit and log uses. */
  clientAddress: string;
}

/** Astro's middleware-mode handler (@astrojs/node `handler`). */
export type NodeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (err?: unknown) => void,
  locals?: HostLocals,
) => void | Promise<void>;

/** How long a client may take, and how many may be connected at once (docs/configuration.md: Connection limits). */
export interface ConnectionLimits {
  /** The whole request, headers and body (Node's requestTimeout): a ceiling; bodies are held to the rate below. */
  requestTimeoutMs: number;
  /** A request body has this long before it must show any progress (mod_reqtimeout's `body=20`)... */
  bodyGraceMs: number;
  /** ...and each this many bytes received give it one more second (`MinRate=500`); slower is cut with 408. */
  bodyMinBytesPerSecond: number;
  /** The request headers (Node's headersTimeout). */
  headersTimeoutMs: number;
  /** A socket with no traffic at all is closed after this long. */
  idleTimeoutMs: number;
  /** An idle keep-alive connection is closed after this long. */
  keepAliveTimeoutMs: number;
  /** Further connections are refused beyond this many. */
  maxConnections: number;
}

export const DEFAULT_LIMITS: ConnectionLimits = {
  // Only a ceiling: what cuts a slow body is the minimum rate below. 10 minutes lets the largest
  // body we take (a 10 MB intake photo) through a phone's weakest uplink (about 140 kbit/s).
  requestTimeoutMs: 600_000,
  // A body trickled at 1 byte per 5 s is cut after about 20 s; a 10 MB photo at 100 KB/s earns
  // 200 s of allowance per second it sends, so it is never cut (body-rate.ts).
  bodyGraceMs: 20_000,
  bodyMinBytesPerSecond: 500,
  headersTimeoutMs: 10_000,
  idleTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_000,
};

/** Methods we answer; anything else (TRACE, CONNECT, made-up ones) is refused before Astro sees it. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const REFUSED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

/** GET /healthz and GET /metrics (docs/operations.md: Health and metrics); without them neither route exists. */
export interface OperationsOptions {
  database: Pick<AppDatabase, 'client' | 'db'>;
  env: Pick<ServerEnv, 'METRICS_TOKEN' | 'METRICS_ALLOW' | 'OUTBOX_STUCK_AFTER'>;
  /** Default: a fresh registry with Node's process metrics. */
  metrics?: Metrics;
}

export interface AppOptions {
  distDir: string;
  astroHandler: NodeHandler;
  https?: boolean;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: FastifyServerOptions['trustProxy'];
  now?: () => Date;
  limits?: Partial<ConnectionLimits>;
  operations?: OperationsOptions;
  /** Routes that may send more than BODY_LIMIT (given by the composition root, src/main.ts). */
  largeBodies?: LargeBodyRoute[];
}

/** A route whose request body may be larger than BODY_LIMIT: it streams and limits the body itself. */
export interface LargeBodyRoute {
  /** Is this request for the route? `url` may carry a query. */
  matches: (method: string | undefined, url: string | undefined) => boolean;
  /** The most the route may be sent; the route says what it refuses its own way. */
  maxBytes: number;
}

/**
 * Request bodies: 100 KB for every route but the large-body ones the composition root names
 * (the intake upload: one image up to 10 MB, which that route streams and limits itself: per
 * file, per intake, answering JSON or a redirect for its plain form). Astro's adapter applies one `bodySizeLimit` to every route, so it is set to
 * the upload's cap (astro.config.ts) and the 100 KB cap is applied here, where the path is known.
 * Handling the upload in Fastify before Astro was the other way: it would have needed its own
 * copy of the session check, the cross-site refusal and the private-path guard of src/middleware.ts.
 */
export const BODY_LIMIT = 100 * 1024;

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Stored, but checked with the server (ETag) before each use; 'no-cache' says it in 8 bytes.
const REVALIDATE = 'no-cache';
/**
 * Files without a hash in their names (the display face, people's portraits, the logo): fresh for
 * an hour, then used from the cache while it is checked in the background for a month. A phone's
 * next page an hour later still draws the face from the cache (`font-display: optional` would
 * otherwise keep Arial while the file is revalidated).
 */
const ASSET_CACHE = 'public, max-age=3600, stale-while-revalidate=2592000';

export async function buildApp({
  distDir,
  astroHandler,
  https = false,
  logger = true,
  trustProxy = false,
  now = () => new Date(),
  limits: limitOverrides = {},
  operations,
  largeBodies = [],
}: AppOptions) {
  const limits = { ...DEFAULT_LIMITS, ...limitOverrides };
  const clientDir = join(distDir, 'client');
  const pages = await HtmlPages.load(clientDir);
  const pageHeaders = routeHeaders(
    JSON.parse(await readFile(join(distDir, '_headers.json'), 'utf8').catch(() => '[]')),
  );
  const baseHeaders = securityHeaders({ https });
  const onDemand = await OnDemandPages.load(distDir);
  // Brotli quality 5 for on-demand responses (compression's default is 4): about 7% smaller pages
  // (/checkout 12.1 -> 11.3 KB, what decides whether it fits the first round trip) for about 15%
  // more compression time (about 0.2 ms on a 50 KB page); 6 and above cost twice that or more for 0.5%.
  const compress = compression({ threshold: 512, brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } } });

  // Fastify's own two lines per request are off: the onRequest hook below writes one.
  const jsonHeaders = {
    ...baseHeaders,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  };
  const app = Fastify({
    logger: withRedaction(logger),
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy,
    return503OnClosing: true,
    // No request, however it trickles, holds a connection for longer than this (bodies are cut
    // much sooner by the minimum rate below; headers by headersTimeout).
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      // How often Node checks those two deadlines (its default, 30 s, would let them overrun).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, limits.requestTimeoutMs / 4)),
    },
    // Refusals made by Node's parser (bad request line, headers too large, timeout) never reach a
    // route: answer them in our JSON shape, with the security headers, and close.
    clientErrorHandler(err: Error & { code?: string }, socket) {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, error] =
        err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, API_ERRORS.headersTooLarge]
          : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, API_ERRORS.timeout]
            : [400, API_ERRORS.badRequest];
      if (socket.writable) socket.write(rawResponse(status, jsonHeaders, JSON.stringify({ error })));
      socket.destroy();
    },
    // Router refusals (a malformed URL) get the same shape as our API, not Fastify's codes.
    frameworkErrors(_error, _request, reply) {
      (reply as FastifyReply).code(400).headers(jsonHeaders).send({ error: API_ERRORS.badRequest });
    },
  });
  app.server.maxConnections = limits.maxConnections;

  // Every request body, uploads included, is held to the minimum rate: too slow is answered 408
  // (when nothing has been answered yet) and the connection is closed either way.
  const timeoutBody = JSON.stringify({ error: API_ERRORS.timeout });
  const bodies = bodyRateGuard(
    { graceMs: limits.bodyGraceMs, bytesPerSecond: limits.bodyMinBytesPerSecond },
    (_req, res, socket) => {
      if (res.headersSent || res.writableEnded) return void socket.destroy();
      res.writeHead(408, { ...jsonHeaders, Connection: 'close', 'Content-Length': Buffer.byteLength(timeoutBody) });
      res.end(timeoutBody, () => socket.destroy());
      // A client that reads nothing either must not keep the socket by leaving the answer unflushed.
      setTimeout(() => socket.destroy(), 1000).unref();
    },
    { onError: (err) => app.log.error({ err }, 'the body-rate sweep failed on one request') },
  );
  app.addHook('onClose', async () => bodies.stop());

  const metrics = operations ? (operations.metrics ?? createMetrics({ db: operations.database.db })) : undefined;
  /** Answered from memory by the page hook below (one route label for all of them). */
  const prerendered = new WeakSet<object>();
  /** Came through a proxy we were not told to trust: its address is the proxy's, not the visitor's. */
  const untrustedProxy = new WeakSet<object>();
  const routeLabel = (request: FastifyRequest, status: number): string => {
    if (prerendered.has(request)) return '(page)';
    const route = request.routeOptions.url;
    if (route === '/healthz' || route === '/metrics') return route;
    // Every other Fastify route is one built file (@fastify/static registers a route per file).
    if (route) return '(static)';
    return routeOfPath(request.url, status);
  };

  // Astro reads request bodies itself (with its own size limit): Fastify must not consume them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));

  app.addHook('onRequest', async (request, reply) => {
    bodies.watch(request.raw, reply.raw);
    if (!KNOWN_METHODS.has(request.method)) {
      const refused = REFUSED_METHODS.has(request.method);
      reply
        .code(refused ? 405 : 501)
        .headers({ ...jsonHeaders, Allow: 'GET, HEAD, POST' })
        .send({ error: refused ? API_ERRORS.methodNotAllowed : API_ERRORS.notImplemented });
      return reply;
    }
    const started = process.hrtime.bigint();
    for (const [key, value] of Object.entries(baseHeaders)) reply.raw.setHeader(key, value);
    const { headers } = request.raw;
    if (!trustProxy && (headers['x-forwarded-for'] || headers.forwarded || headers['x-real-ip'])) {
      untrustedProxy.add(request);
    }
    // Astro may read X-Forwarded-For (when SITE_URL is https). Hand it the one address we
    // trust (the socket, or the proxy-reported client with TRUST_PROXY), never a client's claim;
    // our own code reads that address from locals.clientAddress.
    request.raw.headers['x-forwarded-for'] = request.ip;
    reply.raw.once('finish', () => {
      const ms = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
      const status = reply.raw.statusCode;
      request.log.info(
        {
          method: request.method,
          // The path only: query strings can carry single-use tokens (activation, reset links).
          path: request.url.split('?')[0],
          status,
          ms,
          ip: request.ip,
        },
        'request',
      );
      metrics?.observeRequest(routeLabel(request, status), request.method, status, ms / 1000);
    });
  });

  await app.register(fastifyStatic, {
    root: clientDir,
    preCompressed: true,
    index: false,
    redirect: false,
    // One route per built file, found once at start: a path that is not a file (every on-demand
    // page and API call) then costs no filesystem lookups (stat of it and its .br/.gz) per request.
    wildcard: false,
    // HTML pages go through HtmlPages (year rewrite, per-page CSP).
    allowedPath: (pathName) => !pathName.endsWith('.html'),
    // Files under /_astro/ have content hashes in their names: cache them for a year.
    setHeaders: (reply, path) => {
      reply.header('Cache-Control', path.includes(join('client', '_astro')) ? IMMUTABLE : ASSET_CACHE);
    },
  });

  const sendPage = (req: IncomingMessage, res: ServerResponse, page: HtmlPage, status: number) => {
    const variant = pages.variant(
      page,
      negotiateEncoding(req.headers['accept-encoding']),
      now().getFullYear(),
      hasSessionCookie(req.headers.cookie),
    );
    const headers: Record<string, string | number> = {
      ...pageHeaders.get(page.route),
      'Content-Type': variant.contentType,
      'Cache-Control': REVALIDATE,
      ETag: variant.etag,
      Vary: 'Accept-Encoding,Cookie',
      'Content-Length': variant.body.length,
    };
    if (variant.encoding !== 'identity') headers['Content-Encoding'] = variant.encoding;
    if (status === 200 && req.headers['if-none-match'] === variant.etag) {
      // Browsers update the cached page's headers from a 304: it must carry the page's CSP too.
      res.writeHead(304, {
        ...pageHeaders.get(page.route),
        ETag: variant.etag,
        'Cache-Control': REVALIDATE,
        Vary: 'Accept-Encoding,Cookie',
      });
      res.end();
      return;
    }
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : variant.body);
  };

  // Prerendered pages are answered from memory before any route runs.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = decodePath(request.url);
    if (path === null) return;
    const res = reply.raw;
    if (path.length > 1 && path.endsWith('/') && pages.get(path.replace(/\/+$/, ''))) {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      prerendered.add(request);
      reply.hijack();
      res.writeHead(301, { Location: path.replace(/\/+$/, '') + query }).end();
      return reply;
    }
    const page = pages.get(path);
    if (page && page.route !== '/404') {
      prerendered.add(request);
      reply.hijack();
      sendPage(request.raw, res, page, 200);
      return reply;
    }
  });

  if (operations && metrics) {
    registerHealth(app, { database: operations.database, outboxStuckAfterMs: operations.env.OUTBOX_STUCK_AFTER });
    registerMetrics(
      app,
      metrics,
      { token: operations.env.METRICS_TOKEN, allow: operations.env.METRICS_ALLOW },
      (request) => untrustedProxy.has(request),
    );
  }

  // Everything that is neither a page nor a static file goes to Astro (API routes, on-demand pages).
  app.setNotFoundHandler((request, reply) => {
    const { raw: req } = request;
    const res = reply.raw;
    const readOnly = request.method === 'GET' || request.method === 'HEAD';
    reply.hijack();
    const api = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    const notFound = () => {
      const page = pages.get('/404');
      if (page && readOnly && !api) return sendPage(req, res, page, 404);
      res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify({ error: API_ERRORS.notFound }));
    };
    // HEAD works wherever GET does: Astro renders the GET, and Node, which saw the HEAD,
    // sends the headers without the body.
    if (req.method === 'HEAD') req.method = 'GET';
    if (!readOnly) {
      const large = largeBodies.find((route) => route.matches(req.method, request.url));
      const limit = large ? large.maxBytes : BODY_LIMIT;
      // A declared length over the cap is refused before a byte is read (a large-body route says it its own way).
      if (!large && Number(req.headers['content-length']) > limit) {
        res.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify({ error: API_ERRORS.tooLarge }));
        return;
      }
      // A body without a length (chunked) fails once it passes the cap. Astro's request builder
      // (astro/app/node) reads `req.body` when a host provides one, as Express body parsers do.
      (req as IncomingMessage & { body?: AsyncIterable<Uint8Array> }).body = capped(req, limit);
    }
    const locals: HostLocals = { clientAddress: request.ip };
    charsetOnHtml(res);
    // `compression` is typed for Express but only uses Node's req/res.
    compress(req as unknown as Parameters<typeof compress>[0], res as unknown as Parameters<typeof compress>[1], () => {
      // On-demand pages: the route's pruned stylesheet and a CSP of the page's own hashes (on-demand-html.ts).
      const path = readOnly && !api ? decodePath(request.url) : null;
      if (path !== null) rewriteHtmlResponse(res, (html, csp) => onDemand.render(html, path, csp));
      Promise.resolve(astroHandler(req, res, (err) => (err ? fail(res, err, request.log) : notFound()), locals)).catch(
        (err: unknown) => fail(res, err, request.log),
      );
    });
  });

  // Anything else Fastify refuses uses the same JSON error shape, never its own codes or messages.
  app.setErrorHandler((caught, request, reply) => {
    const error = caught as { statusCode?: number };
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: caught }, 'request failed');
    const message =
      status >= 500
        ? API_ERRORS.internal
        : status === 404
          ? API_ERRORS.notFound
          : status === 413
            ? API_ERRORS.tooLarge
            : API_ERRORS.badRequest;
    reply.code(status).headers(jsonHeaders).send({ error: message });
  });

  return app;
}

/**
 * What a log line must never carry, whoever logs it (an error with its request, a handler's
 * debug line): credentials in headers, and password or token fields one or two levels deep.
 * Our own request line logs none of these; this is the net under everything else.
 */
export const LOG_REDACTION = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'res.headers["set-cookie"]',
    'headers.authorization',
    'headers.cookie',
    'headers["set-cookie"]',
    ...['password', 'currentPassword', 'newPassword', 'token', 'secret'].flatMap((key) => [
      key,
      `*.${key}`,
      `*.*.${key}`,
    ]),
  ],
  censor: '[redacted]',
};

function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === true) return { redact: LOG_REDACTION };
  if (logger && typeof logger === 'object') return { redact: LOG_REDACTION, ...logger };
  return logger;
}

/**
 * The request's path, percent-decoded; null when it is malformed. Taken as-is from the
 * request line: `new URL('//evil.example', base)` would read it as a host and answer '/'.
 */
function decodePath(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
}

/** The body, failing once it passes `limit` bytes (what the adapter's own limit does). */
async function* capped(body: AsyncIterable<Uint8Array>, limit: number): AsyncGenerator<Uint8Array> {
  let received = 0;
  for await (const chunk of body) {
    received += chunk.byteLength;
    if (received > limit) throw new Error(`Request body is larger than ${limit} bytes`);
    yield chunk;
  }
}

function fail(res: ServerResponse, err: unknown, log: FastifyBaseLogger) {
  log.error({ err }, 'unhandled error');
  if (res.headersSent) return void res.destroy();
  const unavailable = isDatabaseUnavailable(err);
  res.writeHead(unavailable ? 503 : 500, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(JSON.stringify({ error: unavailable ? API_ERRORS.databaseUnavailable : API_ERRORS.internal }));
}

/** A complete HTTP/1.1 response written straight to a socket (before Node could parse a request). */
function rawResponse(status: number, headers: Record<string, string>, body: string): string {
  const lines = Object.entries({ ...headers, 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' })
    .map(([key, value]) => `${key}: ${value}`)
    .join('\r\n');
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines}\r\n\r\n${body}`;
}
