# Debian's PostgreSQL 15, started like the public postgres image (see postgres-entrypoint.sh).
ARG BASE
FROM ${BASE}
RUN set -eu; \
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d; \
    mkdir -p /etc/postgresql-common/createcluster.conf.d; \
    echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf.d/no-main.conf; \
    apt-get update; \
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15; \
    apt-get clean; rm -rf /var/lib/apt/lists/*; \
    mkdir -p /var/lib/postgresql/data /var/run/postgresql; \
    chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql; \
    chmod 700 /var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
USER postgres
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
