# One image, four roles (api, relay, projector, worker): the ROLES variable picks them.
# Build stage: every dependency, the server compiled to JavaScript by tsc, the SPA built by Vite
# (infra/scripts/build-production.sh, which CI runs and starts with plain node).
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY projections/package.json projections/
COPY workflows/package.json workflows/
COPY services/package.json services/
COPY web/package.json web/
COPY infra/package.json infra/
RUN npm ci --no-audit --no-fund
COPY . .
RUN bash infra/scripts/build-production.sh /out

# Runtime stage: the compiled shop and the server workspaces' production dependencies only, as the
# unprivileged user of the Node image.
FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build /out ./
RUN bash install-dependencies.sh && rm install-dependencies.sh \
  && npm cache clean --force \
  && mkdir .data && chown node:node .data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 CMD ["node", "services/src/cli/healthcheck.js"]
CMD ["node", "services/src/main.js"]
