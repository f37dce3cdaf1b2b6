# Gear Shop container image (docs/deployment.md). Multi-stage: the build stage installs every
# dependency and builds dist/; the runtime stage carries the build, the production dependencies
# and the migrations only, and runs as an unprivileged user with DATA_DIR on a volume.
#
#   podman build -t gear-shop .        (or docker build; BuildKit not required)
#
# BASE_IMAGE is the Node the shop is pinned to (package.json's `node` dependency); the container
# test (tests/container/image.test.ts) passes a Debian base with the same Node, built offline.
ARG BASE_IMAGE=docker.io/library/node:24.21.0-bookworm-slim

FROM ${BASE_IMAGE} AS build
# For builds behind a TLS-inspecting proxy or with a warm npm cache (the container test passes
# them; unset, they change nothing): the proxy's CA bundle, mounted into the build, and npm's
# offline preference.
ARG NODE_EXTRA_CA_CERTS
ARG npm_config_cafile
ARG npm_config_prefer_offline
WORKDIR /app
ENV ASTRO_TELEMETRY_DISABLED=1
# No install scripts: the `node` package's would download a second Node, and the native
# packages this shop uses (sharp, argon2, esbuild) come as prebuilt optional dependencies.
COPY package.json package-lock.json ./
RUN npm ci --include=dev --ignore-scripts --no-audit --no-fund
COPY . .
# Astro's own bin on the base image's Node (`npm run build` would put the `node` package first).
RUN NODE_ENV=production node node_modules/astro/bin/astro.mjs build \
 && npm prune --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/node node_modules/.bin/node node_modules/.cache

FROM ${BASE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4321 \
    DATA_DIR=/data
RUN groupadd --system --gid 10001 shop \
 && useradd --system --uid 10001 --gid shop --home-dir /app --no-create-home --shell /usr/sbin/nologin shop \
 && mkdir -p /data && chown shop:shop /data
WORKDIR /app
# Owned by root and read-only to the shop's user: the code cannot be changed by the process.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/src ./src
COPY --from=build /app/scripts/start.mjs ./scripts/start.mjs
COPY --from=build /app/dist ./dist
# The copies above may be newer than the build: mark the build fresh, or start.mjs would try
# to rebuild (and has no dev dependencies to do it with).
RUN touch dist/server/boot/boot.mjs dist/server/entry.mjs
USER shop
VOLUME ["/data"]
EXPOSE 4321
# Readiness (/api/health): unhealthy while migrating, without its database or shutting down.
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself (finishes requests, closes the database).
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start.mjs"]
