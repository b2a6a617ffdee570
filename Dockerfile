# The production image (issue #39, decision 070). Three stages from one base: `build` (every
# dependency, `vite build`), `deps` (production dependencies only) and the final image, which holds
# what `node scripts/start.mjs` reads: dist/, drizzle/ (migrations, applied at start-up),
# package.json (the Node check reads `engines`), scripts/start.mjs and scripts/check-node.mjs, and
# node_modules (the packages vite.config.ts leaves outside the server bundle, and srvx).
#
# BASE_IMAGE: any Debian-like image with Node 22 at /usr/local/bin, npm, and a user `node` (uid 1000),
# as the official image has. scripts/container-check.sh builds one with debootstrap where Docker Hub
# is out of reach: --build-arg BASE_IMAGE=localhost/springboard-base:bookworm-node22.
ARG BASE_IMAGE=node:22-bookworm-slim

FROM ${BASE_IMAGE} AS build
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
# No install scripts: none is needed (sharp and esbuild take their binaries from npm packages,
# PGlite is WebAssembly), and @scarf/scarf's would report the install to its vendor.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY . .
RUN npm run build

FROM ${BASE_IMAGE} AS deps
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

FROM ${BASE_IMAGE}
# The image's labels: the product's identity (src/lib/identity.ts), which `npm run rebrand` writes here too
# and tests/identity.test.ts keeps equal to it.
ARG APP_NAME="Springboard"
ARG APP_DESCRIPTION="Full-stack TypeScript + React starter: passwordless sign-in, books catalogue, admin manager."
ARG APP_DOCS_URL="https://github.com/springboard-starter/springboard#readme"
LABEL org.opencontainers.image.title="${APP_NAME}" \
      org.opencontainers.image.description="${APP_DESCRIPTION}" \
      org.opencontainers.image.documentation="${APP_DOCS_URL}"
ENV NODE_ENV=production HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
# Owned by root: the server's user reads the code and writes nothing but DATA_DIR (the embedded
# database, a generated auth secret, uploads) and the compile cache under /tmp.
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY drizzle ./drizzle
COPY scripts/start.mjs scripts/check-node.mjs ./scripts/
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
# PORT's default (src/server/env.ts).
EXPOSE 3000
# scripts/start.mjs closes the server and the database on SIGTERM, then exits 0.
STOPSIGNAL SIGTERM
# No curl in the slim image: Node's fetch. 200 once the database answers (src/server/health.ts).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1, not npm: the signal reaches the process that handles it.
CMD ["node", "scripts/start.mjs"]
