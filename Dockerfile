# syntax=docker/dockerfile:1
#
# Palmetto Web Studio: the site, accounts, checkout and admin in one small image.
#
#   docker build --build-arg SITE_URL=https://www.example.com -t palmetto-web .
#   podman build --format docker ...   (Podman's default OCI format drops the HEALTHCHECK)
#
# SITE_URL is baked into the build (canonical URLs, sitemap, CSP, Astro's trusted proxy host) and
# the server refuses to start with another one, so the image also sets it as its run-time default.
# compose.yaml passes the same value to both. Data (database, mail key, uploads, backups) lives in
# the /data volume; the code is owned by root and read-only to the `node` user that runs it.

ARG NODE_IMAGE=node:24-slim

# ---- dependencies (all of them: the build needs the dev tools) ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV ASTRO_TELEMETRY_DISABLED=1 \
    npm_config_fund=false \
    npm_config_audit=false \
    npm_config_update_notifier=false
# Another registry or mirror. Credentials never go in build arguments: pass them as optional build
# secrets, which exist only during this step and stay out of every layer:
#   --secret id=npmrc,src=$HOME/.npmrc         an .npmrc with the registry's auth token
#   --secret id=npm_ca,src=/path/to/proxy-ca.pem   a CA for a TLS-inspecting proxy or private registry
ARG NPM_CONFIG_REGISTRY=https://registry.npmjs.org/
COPY package.json package-lock.json .npmrc ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    --mount=type=secret,id=npmrc,target=/root/.npmrc \
    --mount=type=secret,id=npm_ca,target=/run/secrets/npm_ca \
    if [ -f /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi \
 && { npm ci \
      || { echo 'npm ci refused package-lock.json (out of sync with package.json): falling back to npm install.' >&2 \
           && npm install; }; }

# ---- production dependencies only (cached apart from the sources) ----
FROM deps AS prod-deps
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    --mount=type=secret,id=npmrc,target=/root/.npmrc \
    --mount=type=secret,id=npm_ca,target=/run/secrets/npm_ca \
    if [ -f /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi \
 && npm prune --omit=dev

# ---- build (dist/) ----
FROM deps AS build
ARG SITE_URL
ARG PRICING_MODEL=custom
ARG PUBLIC_META_PIXEL_ID=
RUN test -n "$SITE_URL" || { echo 'Set the SITE_URL build argument (the public origin, e.g. https://www.example.com).' >&2; exit 1; }
COPY . .
RUN OUT_DIR=/app/dist npm run build

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ARG SITE_URL
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4321 \
    SITE_URL=${SITE_URL} \
    DIST_DIR=/app/dist \
    MIGRATIONS_DIR=/app/drizzle \
    DATABASE_URL=file:/data/app.db \
    npm_config_update_notifier=false
WORKDIR /app
# The server runs its TypeScript sources directly (Node type stripping) and serves dist/;
# scripts/ holds the operator commands (admin:create, db:migrate, db:backup, db:restore).
COPY --from=prod-deps /app/package.json /app/package-lock.json /app/.npmrc ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/src ./src
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 4321
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4321) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "src/main.ts"]
