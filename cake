#!/usr/bin/env bash
# ./cake COMMAND [options]   the operator's tool for a cluster running Cake (docs/operations.md)
#   ./cake status --zk HOST:PORT        every RegionServer's Cake state, and its DataNode's
#   ./cake slo set TENANT --p99 MS ...   a tenant's SLO in the cluster's policy store (ZooKeeper)
#   ./cake --help                        all commands; ./cake COMMAND --help, its options
#
# Runs the self-contained jar: CAKE_CLI_JAR, else tools/cake-cli-*.jar (the -bin.tar.gz), else
# cake-cli/target/cake-cli-*-all.jar (a source tree). In a source tree the jar is rebuilt when
# sources are newer, except for --help and --version, which use whatever jar there is.
# Environment: CAKE_CLI_JAVA_OPTS (extra JVM flags), CAKE_CLI_NO_BUILD=1 (never build),
# CAKE_CLI_CDS=0 (no class-data archive), CAKE_CLI_CACHE (where it goes); the tool
# itself reads CAKE_ZK, CAKE_JMX_USER, CAKE_JMX_PASSWORD_FILE, CAKE_DATANODE_HTTP (docs/operations.md).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

find_jar() {
  if [ -n "${CAKE_CLI_JAR:-}" ]; then
    [ -f "$CAKE_CLI_JAR" ] || { echo "cake: CAKE_CLI_JAR=$CAKE_CLI_JAR is not a file" >&2; exit 2; }
    echo "$CAKE_CLI_JAR"
    return
  fi
  local j
  for j in "$root"/tools/cake-cli-*.jar "$root"/cake-cli/target/cake-cli-*-all.jar; do
    [ -f "$j" ] && { echo "$j"; return; }
  done
}

only_help() {
  local a
  [ $# -eq 0 ] && return 0
  for a in "$@"; do
    case "$a" in -h|--help|-V|--version|help) return 0 ;; esac
  done
  return 1
}

stale() { # the tree's sources or poms are newer than the jar
  [ -n "$(find "$root/pom.xml" "$root"/cake-core "$root"/cake-controller "$root"/cake-cli \
      \( -path '*/target' -prune \) -o \( -name '*.java' -o -name 'pom.xml' \) -newer "$1" -print 2>/dev/null | head -n1)" ]
}

jar=$(find_jar || true)
if [ -z "${CAKE_CLI_JAR:-}" ] && [ -f "$root/cake-cli/pom.xml" ] && [ "${CAKE_CLI_NO_BUILD:-0}" != 1 ]; then
  if [ -z "$jar" ] || { ! only_help "$@" && stale "$jar"; }; then
    echo "cake: building the tool (mvn -pl cake-cli -am package -DskipTests) ..." >&2
    log=$(mktemp)
    if ! "$root/mvnw" -B -q -f "$root/pom.xml" -pl cake-cli -am package -DskipTests >"$log" 2>&1; then
      cat "$log" >&2
      rm -f "$log"
      echo "cake: build failed" >&2
      exit 1
    fi
    rm -f "$log"
    jar=$(find_jar)
  fi
fi
[ -n "$jar" ] || { echo "cake: no cake-cli jar (tools/ of the -bin.tar.gz, or build: ./mvnw -B package -pl cake-cli -am -DskipTests)" >&2; exit 1; }
command -v java >/dev/null || { echo "cake: java not found: a Java 17 runtime is needed" >&2; exit 1; }
# A short-lived client: no JIT beyond C1, a small heap; the JVM's own warnings go to stderr, so
# that --json output stays JSON.
flags=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmx256m -Xlog:disable -Xlog:all=warning:stderr)

# Class-data sharing (JDK 17's dynamic AppCDS): the first `cake status` writes an archive of the
# classes it loaded; later runs of any command map it rather than load and verify those classes
# again, about a fifth of a status run (docs/operations.md). One archive per jar and java, keyed by their
# size and time; a missing, stale or unwritable one only means a run without it.
# CAKE_CLI_CDS=0 turns it off; CAKE_CLI_CACHE moves it (default ~/.cache/cake).
dump=
if [ "${CAKE_CLI_CDS:-1}" != 0 ]; then
  cache=${CAKE_CLI_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/cake}
  key=$(stat -L -c '%n %s %Y' "$jar" "$(readlink -f "$(command -v java)")" 2>/dev/null | cksum | cut -d' ' -f1)
  archive="$cache/cake-cli-$key.jsa"
  if [ -f "$archive" ]; then
    flags+=(-XX:SharedArchiveFile="$archive" -Xlog:cds*=off:stderr)
  elif [ "${1:-}" = status ] && mkdir -p "$cache" 2>/dev/null && [ -w "$cache" ]; then
    dump="$cache/.cake-cli-$key.$$.jsa" # renamed once whole: a reader never maps half a file
    flags+=(-XX:ArchiveClassesAtExit="$dump" -Xlog:cds*=off:stderr)
  fi
fi
if [ -z "$dump" ]; then
  # shellcheck disable=SC2086
  exec java "${flags[@]}" ${CAKE_CLI_JAVA_OPTS:-} -jar "$jar" "$@"
fi
rc=0
trap 'rm -f "$dump"' EXIT
# shellcheck disable=SC2086
java "${flags[@]}" ${CAKE_CLI_JAVA_OPTS:-} -jar "$jar" "$@" || rc=$?
if [ -s "$dump" ]; then mv -f "$dump" "$archive" 2>/dev/null || true; fi # else the trap removes it
exit "$rc"
