# One image for every role (ROLE=api, worker or all).
#
# Build stage: every dependency, src/ compiled to dist/, then `npm pack`, so the image holds exactly
# what package.json `files` publishes (dist/ and the published specs in generated/).
FROM node:24-slim AS build
WORKDIR /build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json tsconfig.generated.json ./
COPY scripts ./scripts
COPY generated ./generated
COPY src ./src
COPY dashboard ./dashboard
# `npm pack` runs `npm run build` first (the prepack script): the server to dist/, the dashboard to
# dashboard/dist/.
RUN npm pack --pack-destination /tmp \
 && mkdir /package \
 && tar -xzf /tmp/vehicle-transport-api-*.tgz -C /package --strip-components=1

# Runtime stage: production dependencies only (no compiler, no tsx, no spec tooling), the compiled
# code, the built dashboard and the published specs; runs as the unprivileged `node` user.
FROM node:24-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /package/ ./
# Writable only for a trial on the embedded database (no DATABASE_URL); production uses PostgreSQL.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
# Every role answers /readyz on PORT (a worker serves only /healthz and /readyz): 200 once the
# database answers, 503 while shutting down.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself (no shell or npm in between), finishes the
# requests in flight and closes the database. A 2 MB young-generation semi-space keeps the idle
# process small (4 MB cost 4-8 MB more at idle, for no measurable throughput); V8 would size it
# from the host's memory otherwise (32 MB on a 24 GB host).
CMD ["node", "--max-semi-space-size=2", "dist/main.js"]
