#!/usr/bin/env bash
# Cake's base image, built offline: a minimal Debian with a Java 17 runtime, bash and curl, all from
# Debian's own packages (debootstrap from the mirror this machine's apt already uses), imported
# into the local Docker engine. No registry is contacted. docker/images/base/Dockerfile builds the
# same image from a public Debian image on a machine that can pull one (docs/docker.md).
#
#   debootstrap.sh [IMAGE]     default cake-base:bookworm-jre17; needs root, debootstrap and a running engine
#
# Environment: CAKE_BASE_MIRROR (default: the first Debian mirror in /etc/apt/sources.list*),
# CAKE_BASE_SUITE (bookworm).
set -euo pipefail
image=${1:-cake-base:bookworm-jre17}
suite=${CAKE_BASE_SUITE:-bookworm}

die() { echo "debootstrap.sh: $*" >&2; exit 1; }

# The mirror apt uses here: a one-line "deb URI suite ..." or a deb822 "URIs:" line.
apt_mirror() {
  local f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    sed -n -e 's/^deb \(\[[^]]*\] \)\{0,1\}\([^ ]*\) .*/\2/p' -e 's/^URIs: *\([^ ]*\).*/\1/p' "$f" \
      | grep -v -- '-security' || true
  done | head -n1
}

[ "$(id -u)" = 0 ] || die "needs root (debootstrap and chroot)"
command -v debootstrap >/dev/null || die "debootstrap not found: apt-get install debootstrap"
docker info >/dev/null 2>&1 || die "no Docker engine reachable (docker info failed)"
mirror=${CAKE_BASE_MIRROR:-$(apt_mirror)}
[ -n "$mirror" ] || die "no Debian mirror in /etc/apt/sources.list*: set CAKE_BASE_MIRROR"

work=$(mktemp -d /var/tmp/cake-base.XXXXXX)
trap 'rm -rf "$work"' EXIT
t0=$SECONDS
echo "debootstrap.sh: $suite from $mirror into $work" >&2
debootstrap --variant=minbase --include=openjdk-17-jre-headless,curl,ca-certificates \
  "$suite" "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
  || { tail -n 40 "$work/debootstrap.log" >&2; die "debootstrap failed"; }
root=$work/rootfs
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb \
  "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/locale/*
java_home=$(dirname "$(dirname "$(chroot "$root" readlink -f /usr/bin/java)")")
tar -C "$root" --numeric-owner -c . \
  | docker import --change "ENV JAVA_HOME=$java_home" --change 'CMD ["/bin/bash"]' \
      -m "debootstrap $suite --variant=minbase + openjdk-17-jre-headless, curl" - "$image" >/dev/null
# The image as a container sees it (with /proc, which the JVM needs), and no network.
version=$(docker run --rm --network=none "$image" java -version 2>&1) || true
case "$version" in *'version "17'*) ;; *) die "$image: java -version says: $version" ;; esac
echo "debootstrap.sh: $image built in $((SECONDS - t0)) s ($(docker image inspect -f '{{.Size}}' "$image" | awk '{printf "%d MB", $1/1e6}'))" >&2
