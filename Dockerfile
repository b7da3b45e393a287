# Production image. Mirrors the README: `npm ci`, `npm run build`, then `npm start`
# (which applies migrations and seeds an empty database before listening).

FROM node:24-bookworm-slim AS build
WORKDIR /app
# patches/: the postinstall (patch-package) applies them to node_modules (patches/README.md).
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json main.ts tsconfig.json ./
COPY migrations ./migrations
# The operator's scripts run in the container too (npm run backup / restore / media:migrate /
# admin:password): tsx runs them from the sources.
COPY scripts ./scripts
COPY app ./app
COPY drizzle ./drizzle
# Without DATABASE_URL the app starts the embedded PostgreSQL (decision 055) as this same unprivileged user,
# under /data/postgres. Run the container with `docker run --init` so that orphaned processes are reaped.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npm", "start"]
