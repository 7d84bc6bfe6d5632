# Every CareBook image from one build (one npm install, one build of all apps). Context: the
# repository root. docker-compose.yml picks the target of each service:
#   --target api                      the API (server/api.js)
#   --target site --build-arg APP=X   the host or a remote (X: host, doctors, booking, account, pages)
#   --target admin                    the clinic staff's admin app
#   --target mail                     a mail catcher to read what the API sends (maildev)
# Runtime images hold bundled JavaScript (scripts/deploy/bundle-servers.ts), the built app and the
# few packages that cannot be bundled: no dev dependencies, no TypeScript loader, user `node`.
# NODE_IMAGE: a Node 24 image on Debian; deploy/local-images/build.sh makes one without a registry.
ARG NODE_IMAGE=node:24-bookworm-slim

# First, as the legacy builder (docker-compose 1.29's) builds every stage before the target: the mail
# catcher's image does not wait for the apps' build, and they can be built side by side.
FROM ${NODE_IMAGE} AS mail
LABEL org.carebook.stage=mail
RUN npm install --global --no-audit --no-fund maildev@3.0.0 && npm cache clean --force
USER node
EXPOSE 1025 1080
CMD ["maildev", "--ip", "0.0.0.0", "--smtp", "1025", "--web", "1080"]

FROM ${NODE_IMAGE} AS build
LABEL org.carebook.stage=build
WORKDIR /repo
COPY . .
# One step: install the packages, build the six apps' webpack builds two at a time (what `npm run
# build` does one after another: a build leaves much of a second core idle), bundle the servers
# into /out, then delete everything but /out. The installed packages never become a layer of
# their own: committing one (some 730 MB in 56,000 files) took 71 s beside the install's
# 90 s (deployment test, load average 6-8), and only /out is used by the images. Any command
# failing fails the step.
RUN npm install --no-audit --no-fund \
    && printf '%s\n' host remotes/doctors remotes/booking admin remotes/account remotes/pages \
      | xargs -P 2 -I {} npm run build --silent -w {} \
    && npx tsx scripts/deploy/bundle-servers.ts /out \
    && cd / && rm -rf /repo /root/.npm /tmp/*

FROM ${NODE_IMAGE} AS runtime
LABEL org.carebook.stage=runtime
ENV NODE_ENV=production
WORKDIR /app

FROM runtime AS api
COPY --from=build /out/api ./
RUN mkdir -p /data && chown node:node /data
ENV PORT=4000 DATA_DIR=/data
USER node
EXPOSE 4000
CMD ["node", "server/api.js"]

FROM runtime AS site
ARG APP=host
COPY --from=build /out/apps/${APP} ./
# A remote keeps its releases here (a volume in docker-compose.yml); the host does not use it.
RUN mkdir -p /releases && chown node:node /releases
ENV APP=${APP} RELEASES_DIR=/releases
USER node
CMD ["node", "server/serve-app.js"]

FROM runtime AS admin
COPY --from=build /out/admin ./
ENV PORT=5174
USER node
EXPOSE 5174
CMD ["node", "server/serve-admin.js"]
