#!/usr/bin/env bash
# Makes a Docker engine and Cake's base image ready on a Debian machine without Docker Hub, as .ci/run
# does before CakeDockerIT (docs/docker.md): Debian's docker.io, docker-compose and debootstrap;
# dockerd with no bridge network and no iptables rules (every container uses the host's network);
# then the base image, built offline by base/debootstrap.sh, unless the engine has it already.
# Needs root. Leaves dockerd running (its pid in /var/run/docker.pid, its log in /var/log/cake-dockerd.log).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
base=${1:-cake-base:bookworm-jre17}
die() { echo "engine.sh: $*" >&2; exit 1; }
say() { echo "engine.sh: $*" >&2; }
[ "$(id -u)" = 0 ] || die "needs root (apt-get, dockerd, debootstrap)"

t0=$SECONDS
if ! command -v dockerd >/dev/null || ! command -v docker-compose >/dev/null || ! command -v debootstrap >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io docker-compose debootstrap >/dev/null
  say "docker.io, docker-compose and debootstrap installed in $((SECONDS - t0)) s"
fi
if ! docker info >/dev/null 2>&1; then
  t1=$SECONDS
  nohup dockerd --bridge=none --iptables=false --ip-masq=false >>/var/log/cake-dockerd.log 2>&1 </dev/null &
  pid=$!
  until docker info >/dev/null 2>&1; do
    if ! kill -0 "$pid" 2>/dev/null; then tail -n 20 /var/log/cake-dockerd.log >&2; die "dockerd exited"; fi
    [ $((SECONDS - t1)) -lt 60 ] || { tail -n 20 /var/log/cake-dockerd.log >&2; die "dockerd (pid $pid) not answering after 60 s"; }
    sleep 0.5
  done
  say "dockerd (pid $pid, storage driver $(docker info -f '{{.Driver}}')) up in $((SECONDS - t1)) s"
fi
if ! docker image inspect "$base" >/dev/null 2>&1; then
  "$here/base/debootstrap.sh" "$base"
fi
say "engine and $base ready in $((SECONDS - t0)) s"
