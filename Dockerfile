# One image for every role (ROLE=api, worker or all).
FROM node:24-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY specs ./specs
COPY generated ./generated
COPY src ./src
COPY scripts ./scripts
COPY dashboard ./dashboard
RUN node --import tsx scripts/build-dashboard.ts
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
EXPOSE 8080
CMD ["node", "--import", "tsx", "src/main.ts"]
