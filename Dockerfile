# Leadworks: a production image. Build: docker build -t leadworks . (see README, "Containers").
#
# Stage 1 builds with every dependency (the build needs React Router's and Vite's dev packages).
# Stage 2 installs production dependencies only, from the same lock file.
# Stage 3 is what runs: the build, the migrations and those dependencies, as the unprivileged user `node`
# (uid 1000: a bind-mounted data folder must belong to it).
# No `# syntax=` line: BuildKit's built-in frontend reads this file, and naming one would make every build
# fetch that frontend's image from Docker Hub (builds without access to it would fail).
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci runs it (postinstall): fixes to installed packages.
COPY scripts/patch-dependencies.mjs ./scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/patch-dependencies.mjs ./scripts/
# --omit=optional too: better-auth and @react-router/node name vitest, drizzle-kit, tsx and typescript as
# optional peers, so with --omit=dev alone npm still installs them ("devOptional"). The optional packages
# of this lock are build tools' platform binaries and pg-cloudflare, none needed at run time.
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    LEADWORKS_SKIP_BUILD=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --chown=root:root package.json ./
COPY --chown=root:root --from=production-dependencies /app/node_modules ./node_modules
COPY --chown=root:root --from=build /app/build ./build
COPY --chown=root:root server/start.js ./server/start.js
COPY --chown=root:root app/db/migrations ./app/db/migrations
# The data folder (embedded database, .eml files, generated secret) is the only place the app writes.
RUN mkdir -p /data && chown node:node /data && chmod 0700 /data
VOLUME /data
USER node
EXPOSE 3000
# Liveness: /healthz answers 200 while the server runs (curl is not in the slim image; node is).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node as PID 1 gets SIGTERM from `docker stop` and shuts down gracefully (server/app.ts).
CMD ["node", "server/start.js"]
