#!/usr/bin/env bash
# Builds Cake's two images on a base image that has a Java 17 runtime, bash and curl:
#
#   cake-runtime:hbase-<v>-hadoop-<v>  the stock HBase 2.6.4-hadoop3 and Hadoop 3.4.2 runtime: exactly the
#                                      classpaths ./cake-cluster resolves from docker/runtime/, nothing of Cake
#   cake-server:<version>, :latest     Cake layered onto it: the one cake-server jar, cluster.sh and the
#                                      site-file fragments; its command names the role (docs/docker.md)
#
#   cake-prometheus:<v>, :latest       with --monitoring: Debian's prometheus server for the compose file's
#                                      monitoring profile (docs/docker.md)
#
#   build.sh [--base IMAGE] [--monitoring]
#                             --base: default cake-base:bookworm-jre17 (docker/images/base/debootstrap.sh
#                             builds it offline; docker/images/base/Dockerfile from a public Debian image);
#                             --monitoring: also the Prometheus image, from Debian's package (apt-get download)
#
# Prints the cake-server image's name on standard output. Environment: CAKE_JAR (default: the jar
# cluster.sh finds), CAKE_DOCKER_WORK (staging folder, default <repo>/target/docker).
# The builds need no network: RUN steps run with --network=none.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
base=cake-base:bookworm-jre17
monitoring=0
while [ $# -gt 0 ]; do
  case "$1" in
    --base) base=${2:?--base IMAGE}; shift 2 ;;
    --base=*) base=${1#--base=}; shift ;;
    --monitoring) monitoring=1; shift ;;
    *) echo "usage: $0 [--base IMAGE] [--monitoring]" >&2; exit 2 ;;
  esac
done
die() { echo "build.sh: $*" >&2; exit 1; }
say() { echo "build.sh: $*" >&2; }

docker info >/dev/null 2>&1 || die "no Docker engine reachable (docker info failed)"
case "$base" in
  cake-base:*) docker image inspect "$base" >/dev/null 2>&1 \
    || die "no base image $base: build it offline with docker/images/base/debootstrap.sh (root, debootstrap), or with 'docker build -t $base docker/images/base' where Docker Hub is reachable, or pass --base IMAGE naming one with a Java 17 runtime, bash, curl and useradd (docs/docker.md)" ;;
esac
work=${CAKE_DOCKER_WORK:-$root/target/docker}
mkdir -p "$work"
work=$(cd "$work" && pwd)
pom_version() { sed -n 's:^  <version>\(.*\)</version>:\1:p' "$1" | head -n1; }
runtime_image="cake-runtime:hbase-$(pom_version "$root/docker/runtime/hbase/pom.xml")-hadoop-$(pom_version "$root/docker/runtime/hadoop/pom.xml")"
build() { # TAG DOCKERFILE CONTEXT BUILD-ARGS...: the classic builder, the same on every engine
  local tag=$1 file=$2 ctx=$3 t0=$SECONDS
  shift 3
  DOCKER_BUILDKIT=0 docker build -q --network=none -t "$tag" -f "$file" "$@" "$ctx" >"$work/build-${tag%%:*}.log" 2>&1 \
    || { cat "$work/build-${tag%%:*}.log" >&2; die "docker build of $tag failed"; }
  say "$tag built in $((SECONDS - t0)) s"
}

# The stock runtime: cluster.sh resolves both classpaths (Maven, offline when it can); their jars go
# into one folder (a file name twice must be the same file) and the classpaths name them there.
t0=$SECONDS
resolved=$(CAKE_CLUSTER_DIR="$work/resolve" CAKE_RUNTIME="" "$root/docker/cluster/cluster.sh" runtime)
ctx="$work/runtime-context"
rm -rf "$ctx"; mkdir -p "$ctx/runtime/jars"
for name in hbase hadoop; do
  tr ':' '\n' < "$resolved/$name.classpath" | while read -r jar; do
    [ -n "$jar" ] || continue
    target="$ctx/runtime/jars/$(basename "$jar")"
    if [ -e "$target" ]; then
      cmp -s "$jar" "$target" || die "two different jars named $(basename "$jar") on the runtime classpaths"
    else
      cp -l "$jar" "$target" 2>/dev/null || cp "$jar" "$target"
    fi
    echo "/opt/cake/runtime/jars/$(basename "$jar")"
  done | paste -sd: - > "$ctx/runtime/$name.classpath"
  cp -r "$resolved/$name-web" "$ctx/runtime/"
done
say "runtime staged in $((SECONDS - t0)) s ($(du -sm "$ctx" | cut -f1) MB, $(ls "$ctx/runtime/jars" | wc -l) jars)"
build "$runtime_image" "$here/runtime/Dockerfile" "$ctx" --build-arg "BASE_IMAGE=$base"

# Cake on top: the jar cluster.sh would load, the scripts and the configuration fragments.
jar=$(CAKE_CLUSTER_DIR="$work/resolve" "$root/docker/cluster/cluster.sh" jar)
version=$(basename "$jar" .jar); version=${version#cake-server-}
ctx="$work/cake-context"
rm -rf "$ctx"; mkdir -p "$ctx/lib" "$ctx/docker" "$ctx/agent"
cp "$jar" "$ctx/lib/"
cp -r "$root/docker/cluster" "$root/docker/conf" "$root/docker/prometheus" "$ctx/docker/"
cp "$(CAKE_CLUSTER_DIR="$work/resolve" "$root/docker/cluster/cluster.sh" exporter-jar)" "$ctx/agent/jmx_prometheus_javaagent.jar"
image="cake-server:$version"
build "$image" "$here/cake/Dockerfile" "$ctx" --build-arg "RUNTIME_IMAGE=$runtime_image"
docker tag "$image" cake-server:latest

# Prometheus from Debian's package, on the same base: its server binary and the web UI it serves
# from /usr/share/prometheus/web.
if [ "$monitoring" = 1 ]; then
  ctx="$work/prometheus-context"
  rm -rf "$ctx"; mkdir -p "$ctx/deb"
  (cd "$ctx/deb" && apt-get download prometheus >"$work/apt-download.log" 2>&1) \
    || { cat "$work/apt-download.log" >&2; die "--monitoring: 'apt-get download prometheus' failed (Debian's apt is needed; run apt-get update first)"; }
  deb=$(ls "$ctx"/deb/prometheus_*.deb)
  dpkg-deb -x "$deb" "$ctx/x"
  cp "$ctx/x/usr/bin/prometheus" "$here/prometheus/cake-prometheus.sh" "$ctx/"
  cp -r "$ctx/x/usr/share/prometheus/web" "$ctx/web" # Debian's build serves its web UI from there
  pversion=$(dpkg-deb -f "$deb" Version); pversion=${pversion%%+*}
  build "cake-prometheus:$pversion" "$here/prometheus/Dockerfile" "$ctx" --build-arg "BASE_IMAGE=$base"
  docker tag "cake-prometheus:$pversion" cake-prometheus:latest
fi
# The images these tags named before, if any (dangling ones of ours only).
docker image prune -f --filter label=io.cake.image >/dev/null
echo "$image"
