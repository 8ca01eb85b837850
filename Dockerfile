# One image, four roles (api, relay, projector, worker): the ROLES variable picks them.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY projections/package.json projections/
COPY workflows/package.json workflows/
COPY services/package.json services/
COPY web/package.json web/
COPY infra/package.json infra/
RUN npm ci
COPY . .
RUN npm run build -w web
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
CMD ["npx", "tsx", "services/src/main.ts"]
