# kindgi-mock for a demo environment: the built package, its runtime dependencies only, run as
# the image's unprivileged `node` user, listening on every address of the container.
#   docker build -t kindgi-mock .
#   docker run -p 4010:4010 -e KINDGI_MOCK_ADMIN_TOKEN=… -v kindgi-mock-state:/data kindgi-mock
# (compose.yaml does the same.) What of this recipe is tested without a container daemon, and
# what is not, is in the README's "Demo environments".

FROM node:20-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build && mkdir /pkg && npm pack --ignore-scripts --pack-destination /pkg && cp package-lock.json /pkg/

FROM node:20-slim
COPY --from=build /pkg/ /tmp/pkg/
COPY container/install-package.sh /tmp/install-package.sh
RUN sh /tmp/install-package.sh /tmp/pkg/kindgi-mock-*.tgz /tmp/pkg/package-lock.json /app \
  && rm -rf /tmp/pkg /tmp/install-package.sh /root/.npm \
  && mkdir -p /data && chown node:node /data
WORKDIR /app
# The admin secret comes from the environment at run time (KINDGI_MOCK_ADMIN_TOKEN), never from the image.
# The worlds that passed every check are remembered on the volume, so a new container of the same
# image does not check them again (some 7 s).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4010 KINDGI_MOCK_CHECKED_WORLDS=/data/checked-worlds
USER node
EXPOSE 4010
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4010) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/src/bin.js", "--state", "/data/world.state.jsonl"]
