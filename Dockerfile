# One container: the production server, with the database and uploads on a volume.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_PATH=/data/app.db \
    UPLOADS_DIR=/data/uploads \
    OUTBOX_DIR=/data/outbox \
    BACKUP_DIR=/data/backups
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# The server runs built JavaScript (build/runtime/server.js). The sources stay
# for the command-line scripts (npm run user:create, backup, restore), which
# run through tsx, and for the thread entries (the boleto reader's, the HEIC decoder's).
COPY --from=build /app/package.json /app/tsconfig.json ./
COPY --from=build /app/app ./app
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /data && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# SESSION_SECRET (32+ characters) and APP_URL must be given at run time.
CMD ["node", "build/runtime/server.js"]
