#!/usr/bin/env bash
# A real HBase + HDFS cluster of separate processes on this machine, with Cake installed the way
# docs/install.md says: ZooKeeper, a NameNode, 2 DataNodes, an HMaster and 2 RegionServers, each
# its own JVM, on the stock HBase 2.6.4-hadoop3 / Hadoop 3.4.2 runtime classpaths (docker/runtime,
# resolved by Maven from their own poms) plus the one Cake jar, configured by generated site files.
#
#   cluster.sh start [--cake on|off]   start (refuses over a running cluster); Cake is on by default
#   cluster.sh status                  each daemon: pid, alive, RSS, address
#   cluster.sh stop                    HBase first (a clean cluster shutdown), then HDFS, then ZooKeeper
#   cluster.sh env                     the addresses, as shell variables (for scripts and tests)
#   cluster.sh server add [REASON]     start a standby DataNode and RegionServer pair (the director's
#                                      server command, cake.director.server-command = <this> server)
#   cluster.sh server remove SERVER    stop the RegionServer named host,port,startcode (or host:port);
#                                      its DataNode keeps its blocks and serves on
#
# One daemon per container (the images of docs/docker.md; also usable by hand):
#   cluster.sh config [--cake on|off]  write the site files and JMX secrets under the cluster dir
#   cluster.sh role ROLE               wait for what ROLE needs, then run its JVM in this process's place
#                                      (zk nn dn1 dn2 master rs1 rs2), logging to standard output
#   cluster.sh runtime                 resolve the HBase and Hadoop runtime classpaths only; print their folder
#   cluster.sh jar                     print the Cake jar the daemons would load
#
# Environment:
#   CAKE_CLUSTER_DIR        where logs, pids, data and generated config go (default <repo>/cluster-out)
#   CAKE_JAR                the Cake jar (default: lib/cake-server-*.jar of a -bin.tar.gz, else
#                           cake-server/target/cake-server-*.jar of a build)
#   CAKE_CLUSTER_PORT_BASE  ports are this + fixed offsets (default 21000); every port on loopback
#   CAKE_CLUSTER_HBASE_EXTRA, CAKE_CLUSTER_HDFS_EXTRA
#                           files of <property> elements appended to every hbase-site.xml /
#                           DataNode hdfs-site.xml (after Cake's fragment, so they override it)
#   CAKE_CLUSTER_CLASSPATH  jars appended to every daemon's classpath, for experiments' own code
#                           (the benchmarks' emulated disk and loopback hosts: docs/benchmark.md)
#   CAKE_CLUSTER_START_TIMEOUT  seconds to wait for each stage (default 120)
#   CAKE_CLUSTER_STANDBYS   DataNode and RegionServer pairs configured at start but not started,
#                           for 'server add' (default 0; pairs 3, 4, ... on 127.0.0.4, 127.0.0.5, ...)
#   CAKE_CLUSTER_PROMETHEUS 1: every DataNode and RegionServer runs the Prometheus jmx_exporter
#                           agent with docker/prometheus/cake-jmx-exporter.yaml, serving /metrics
#                           on its own address (status and env print where); 0 (default): no agent
#   CAKE_JMX_EXPORTER_JAR   the agent's jar (default: io.prometheus.jmx:jmx_prometheus_javaagent
#                           resolved by Maven into <dir>/runtime)
#   CAKE_RUNTIME            a runtime already resolved (hbase.classpath, hadoop.classpath, hbase-web/,
#                           hadoop-web/), as the images carry it: no Maven then (default <dir>/runtime)
#
# Each RegionServer/DataNode pair has its own loopback address: 127.0.0.2 and 127.0.0.3. With Cake
# on, every DataNode and RegionServer has password-protected remote JMX on its own address: the
# DataNodes' for their controllers, the RegionServers' for the cake tool (user cakeadmin).
# Only processes this script started are ever signalled: by the pids in <dir>/pids, and only if
# the process's command line carries this cluster's directory.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
DIR=${CAKE_CLUSTER_DIR:-$root/cluster-out}
mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)
BASE=${CAKE_CLUSTER_PORT_BASE:-21000}
TIMEOUT=${CAKE_CLUSTER_START_TIMEOUT:-120}
PROMETHEUS=${CAKE_CLUSTER_PROMETHEUS:-0}
JMX_EXPORTER_VERSION=1.0.1   # as jmx-exporter.version in pom.xml, whose collector tests the rules
RUNTIME=${CAKE_RUNTIME:-$DIR/runtime}
DN_COUNT=2
RS_COUNT=2
STANDBYS=${CAKE_CLUSTER_STANDBYS:-0}
EXTRA_CP=${CAKE_CLUSTER_CLASSPATH:-}
# A later command (server, status, stop) takes the standbys and classpath the cluster was configured with.
[ ! -s "$DIR/conf/standbys" ] || [ -n "${CAKE_CLUSTER_STANDBYS:-}" ] || STANDBYS=$(cat "$DIR/conf/standbys")
[ ! -s "$DIR/conf/classpath" ] || [ -n "${CAKE_CLUSTER_CLASSPATH:-}" ] || EXTRA_CP=$(cat "$DIR/conf/classpath")
case "$STANDBYS" in [0-9]) ;; *) echo "cake-cluster: CAKE_CLUSTER_STANDBYS takes 0 to 9, not '$STANDBYS'" >&2; exit 1 ;; esac
PAIRS=$((RS_COUNT + STANDBYS))

# --- addresses ------------------------------------------------------------------------------
ZK_PORT=$((BASE + 181))
NN_RPC=$((BASE + 20)); NN_HTTP=$((BASE + 70))
MASTER_RPC=$((BASE + 600)); MASTER_INFO=$((BASE + 610))
host_of() { echo "127.0.0.$((1 + $1))"; }          # pair i: DataNode i and RegionServer i
dn_xfer() { echo $((BASE + 100 + 10 * $1)); }      # the NameNode tells DataNodes apart by ip:port,
dn_ipc() { echo $((BASE + 101 + 10 * $1)); }       # and every registration comes from 127.0.0.1:
dn_http() { echo $((BASE + 102 + 10 * $1)); }      # so ports differ too, not only addresses
dn_jmx() { echo $((BASE + 105 + 10 * $1)); }
dn_jmx_rmi() { echo $((BASE + 106 + 10 * $1)); }
rs_rpc() { echo $((BASE + 610 + 10 * $1)); }
rs_info() { echo $((BASE + 611 + 10 * $1)); }
rs_jmx() { echo $((BASE + 615 + 10 * $1)); }       # the RegionServers' JMX: the cake tool's writes
rs_jmx_rmi() { echo $((BASE + 616 + 10 * $1)); }
dn_metrics() { echo $((BASE + 107 + 10 * $1)); }   # the jmx_exporter agents' /metrics
rs_metrics() { echo $((BASE + 617 + 10 * $1)); }
PROMETHEUS_PORT=$((BASE + 90))                    # the compose file's monitoring profile

roles() {
  echo zk nn
  for i in $(seq 1 $PAIRS); do echo "dn$i"; done
  echo master
  for i in $(seq 1 $PAIRS); do echo "rs$i"; done
}

# A pair's daemon that is down by design: a standby not started, or a RegionServer 'server remove' stopped.
resting() {
  case "$1" in dn[0-9]*|rs[0-9]*) ;; *) return 1 ;; esac
  [ "${1#[a-z][a-z]}" -gt "$RS_COUNT" ] || grep -qx "$1" "$DIR/conf/removed" 2>/dev/null
}

die() { echo "cake-cluster: $*" >&2; exit 1; }
say() { echo "cake-cluster: $*" >&2; }

# --- processes ------------------------------------------------------------------------------
pid_file() { echo "$DIR/pids/$1.pid"; }

# The pid of role $1 if that process is alive and is ours (its command line names this directory).
live_pid() {
  local f pid
  f=$(pid_file "$1")
  [ -f "$f" ] || return 1
  pid=$(cat "$f")
  [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || return 1
  tr '\0' ' ' < "/proc/$pid/cmdline" | grep -qF -- "-Dcake.cluster.dir=$DIR " || return 1
  echo "$pid"
}

running_roles() {
  local r
  for r in $(roles); do
    if live_pid "$r" >/dev/null; then echo "$r"; fi
  done
}

port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

# --- runtime classpaths ---------------------------------------------------------------------
find_jar() {
  if [ -n "${CAKE_JAR:-}" ]; then
    [ -f "$CAKE_JAR" ] || die "CAKE_JAR=$CAKE_JAR is not a file"
    (cd "$(dirname "$CAKE_JAR")" && echo "$(pwd)/$(basename "$CAKE_JAR")")
    return
  fi
  local j
  for j in "$root"/lib/cake-server-*.jar "$root"/cake-server/target/cake-server-*.jar; do
    case "$j" in *'*'*|*/original-*|*-sources.jar|*-tests.jar) continue ;; esac
    [ -f "$j" ] && { echo "$j"; return; }
  done
  die "no Cake jar: build it (./mvnw -B package -pl cake-server -am -DskipTests) or set CAKE_JAR"
}

# Resolves docker/runtime/<name>/pom.xml into <dir>/runtime/<name>.classpath (offline first), and
# extracts the web UI folder of the -tests jar, which then leaves the classpath.
resolve_runtime() {
  local name=$1 webdir=$2 out="$RUNTIME"
  if [ -n "${CAKE_RUNTIME:-}" ]; then
    [ -s "$out/$name.classpath" ] && [ -d "$out/$name-web/$webdir" ] \
      || die "CAKE_RUNTIME=$out has no $name.classpath and $name-web/$webdir"
    return 0
  fi
  mkdir -p "$out"
  local cp="$out/$name.classpath" pom="$here/../runtime/$name/pom.xml"
  if [ ! -s "$cp" ] || [ "$pom" -nt "$cp" ]; then
    local mvn=mvn
    [ -x "$root/mvnw" ] && mvn="$root/mvnw"
    local args=(-B -q -f "$pom" dependency:build-classpath -Dmdep.outputFile="$cp.all" -Dmdep.includeScope=runtime)
    if ! "$mvn" -o "${args[@]}" >"$out/$name.mvn.log" 2>&1; then
      "$mvn" "${args[@]}" >"$out/$name.mvn.log" 2>&1 || { cat "$out/$name.mvn.log" >&2; die "cannot resolve $pom"; }
    fi
    local tests
    tests=$(tr ':' '\n' < "$cp.all" | grep -- '-tests\.jar$' || true)
    [ -n "$tests" ] || die "$pom: no -tests jar to take $webdir/ from"
    rm -rf "${out:?}/$name-web"; mkdir -p "$out/$name-web"
    (cd "$out/$name-web" && jar xf "$tests" "$webdir") || die "cannot extract $webdir/ from $tests"
    [ -d "$out/$name-web/$webdir" ] || die "no $webdir/ in $tests"
    tr ':' '\n' < "$cp.all" | grep -v -- '-tests\.jar$' | paste -sd: - > "$cp"
    rm -f "$cp.all"
  fi
}

# The jmx_exporter agent's jar: CAKE_JMX_EXPORTER_JAR, else resolved by Maven (offline first).
exporter_jar() {
  if [ -n "${CAKE_JMX_EXPORTER_JAR:-}" ]; then
    [ -f "$CAKE_JMX_EXPORTER_JAR" ] || die "CAKE_JMX_EXPORTER_JAR: no such file: $CAKE_JMX_EXPORTER_JAR"
    echo "$CAKE_JMX_EXPORTER_JAR"; return
  fi
  local out="$DIR/runtime" name="jmx_prometheus_javaagent-$JMX_EXPORTER_VERSION.jar"
  mkdir -p "$out"
  if [ ! -s "$out/$name" ]; then
    local mvn=mvn
    [ -x "$root/mvnw" ] && mvn="$root/mvnw"
    # Any one-module pom will do for dependency:copy; the Hadoop runtime's is at hand.
    local args=(-B -q -f "$here/../runtime/hadoop/pom.xml" dependency:copy
      "-Dartifact=io.prometheus.jmx:jmx_prometheus_javaagent:$JMX_EXPORTER_VERSION" "-DoutputDirectory=$out")
    if ! "$mvn" -o "${args[@]}" >"$out/exporter.mvn.log" 2>&1; then
      "$mvn" "${args[@]}" >"$out/exporter.mvn.log" 2>&1 \
        || { cat "$out/exporter.mvn.log" >&2; die "cannot resolve the jmx_exporter agent (or set CAKE_JMX_EXPORTER_JAR)"; }
    fi
  fi
  echo "$out/$name"
}

# exporter_flags JAR HOST PORT: the agent on HOST:PORT with Cake's rules (none without the option).
exporter_flags() {
  [ "$PROMETHEUS" = 1 ] || return 0
  echo "-javaagent:$1=$2:$3:$root/docker/prometheus/cake-jmx-exporter.yaml"
}

# --- configuration --------------------------------------------------------------------------
prop() { printf '  <property><name>%s</name><value>%s</value></property>\n' "$1" "$2"; }

# The <property> elements of a configuration file (Cake's fragments, the extra files).
properties_of() {
  [ -n "$1" ] || return 0
  [ -f "$1" ] || die "no such file: $1"
  sed -n '/<configuration>/,/<\/configuration>/p' "$1" | sed '/<\/\{0,1\}configuration>/d'
  grep -q '<configuration>' "$1" || cat "$1"
}

core_site() {
  echo '<?xml version="1.0"?>'; echo '<configuration>'
  prop fs.defaultFS "hdfs://127.0.0.1:$NN_RPC"
  prop hadoop.tmp.dir "$DIR/data/tmp"
  prop hadoop.security.authentication simple
  echo '</configuration>'
}

hdfs_common() {
  prop dfs.replication 2
  prop dfs.namenode.rpc-address "127.0.0.1:$NN_RPC"
  prop dfs.namenode.http-address "127.0.0.1:$NN_HTTP"
  prop dfs.namenode.name.dir "$DIR/data/nn"
  prop dfs.permissions.enabled false
  # DataNodes are known by their own address (the hostname), not the 127.0.0.1 their RPCs leave from.
  prop dfs.client.use.datanode.hostname true
  prop dfs.datanode.use.datanode.hostname true
  prop dfs.namenode.datanode.registration.ip-hostname-check false
  prop dfs.namenode.safemode.min.datanodes 0
  prop dfs.client.read.shortcircuit false
  prop dfs.heartbeat.interval 1
  prop dfs.namenode.heartbeat.recheck-interval 10000
}

hdfs_site() { # $1: "" for the NameNode, else the DataNode's index
  echo '<?xml version="1.0"?>'; echo '<configuration>'
  hdfs_common
  if [ -n "$1" ]; then
    local i=$1 h
    h=$(host_of "$i")
    prop dfs.datanode.hostname "$h"
    prop dfs.datanode.address "$h:$(dn_xfer "$i")"
    prop dfs.datanode.ipc.address "$h:$(dn_ipc "$i")"
    prop dfs.datanode.http.address "$h:$(dn_http "$i")"
    prop dfs.datanode.data.dir "$DIR/data/dn$i"
    if [ "$CAKE" = on ]; then
      properties_of "$root/docker/conf/cake-hdfs-site.xml"
      properties_of "${CAKE_CLUSTER_HDFS_EXTRA:-}"
    fi
  fi
  echo '</configuration>'
}

hbase_site() { # $1: "" for the HMaster, else the RegionServer's index
  echo '<?xml version="1.0"?>'; echo '<configuration>'
  hdfs_common
  prop hbase.cluster.distributed true
  prop hbase.rootdir "hdfs://127.0.0.1:$NN_RPC/hbase"
  prop hbase.zookeeper.quorum 127.0.0.1
  prop hbase.zookeeper.property.clientPort "$ZK_PORT"
  prop zookeeper.znode.parent /hbase
  prop hbase.master.hostname 127.0.0.1
  prop hbase.master.ipc.address 127.0.0.1
  prop hbase.master.port "$MASTER_RPC"
  prop hbase.master.info.bindAddress 127.0.0.1
  prop hbase.master.info.port "$MASTER_INFO"
  prop hbase.tmp.dir "$DIR/data/hbase-tmp"
  prop hbase.unsafe.stream.capability.enforce false
  prop hbase.regionserver.handler.count 10
  if [ -n "$1" ]; then
    local i=$1 h
    h=$(host_of "$i")
    prop hbase.unsafe.regionserver.hostname "$h"
    prop hbase.regionserver.ipc.address "$h"
    prop hbase.regionserver.port "$(rs_rpc "$i")"
    prop hbase.regionserver.info.bindAddress "$h"
    prop hbase.regionserver.info.port "$(rs_info "$i")"
  fi
  if [ "$CAKE" = on ]; then
    properties_of "$root/docker/conf/cake-hbase-site.xml"
    if [ -n "$1" ]; then
      # This RegionServer's controller steers its own DataNode, over that DataNode's JMX.
      local i=$1
      prop cake.controller.hdfs.jmx-url "service:jmx:rmi:///jndi/rmi://$(host_of "$i"):$(dn_jmx "$i")/jmxrmi"
      prop cake.controller.hdfs.jmx.user cakecontroller
      prop cake.controller.hdfs.jmx.password-file "$DIR/conf/rs$i/cake-datanode-jmx.password"
      prop cake.controller.hdfs.scheduler "hdfs-$(dn_xfer "$i")"
    else
      # The HMaster has no DataNode to steer and runs no controller (the coprocessor is a
      # RegionServer one); it reads the scheduler factory key and keeps HBase's stock scheduler.
      prop cake.controller.hdfs.jmx-url ""
      prop cake.controller.hdfs.jmx.user ""
      prop cake.controller.hdfs.jmx.password-file ""
    fi
    properties_of "${CAKE_CLUSTER_HBASE_EXTRA:-}"
  fi
  echo '</configuration>'
}

# The DataNodes' and RegionServers' JMX: loopback only, password and access files readable by the
# owner only. The DataNodes' user is each controller's; the RegionServers' is the operator's
# (cakeadmin, for the cake tool), whose password alone is in jmx/cakeadmin.password.
jmx_files() {
  local j="$DIR/jmx"
  mkdir -p "$j"; chmod 700 "$j"
  local i pw admin
  pw=$(secret_file "$j/secret")
  for i in $(seq 1 $PAIRS); do jmx_user "$j/dn$i" cakecontroller "$pw"; done
  for i in $(seq 1 $PAIRS); do
    (umask 077; printf '%s\n' "$pw" > "$DIR/conf/rs$i/cake-datanode-jmx.password")
  done
  admin=$(secret_file "$j/cakeadmin.password")
  for i in $(seq 1 $PAIRS); do jmx_user "$j/rs$i" cakeadmin "$admin"; done
}

# secret_file FILE: prints the random password in FILE, made (mode 600) on first use.
secret_file() {
  [ -s "$1" ] || (umask 077; head -c 18 /dev/urandom | base64 | tr -d '/+=\n' > "$1")
  cat "$1"
}

# jmx_user DIR USER PASSWORD: the JDK agent's password and access files, USER readwrite, mode 600.
jmx_user() {
  mkdir -p "$1"; chmod 700 "$1"
  (umask 077
   printf '%s %s\n' "$2" "$3" > "$1/jmxremote.password"
   printf '%s readwrite\n' "$2" > "$1/jmxremote.access")
}

# jmx_flags FILES_DIR HOST PORT RMI_PORT: the JDK agent's flags, as docs/install.md gives them.
jmx_flags() {
  echo -Dcom.sun.management.jmxremote.port="$3" -Dcom.sun.management.jmxremote.rmi.port="$4" \
    -Dcom.sun.management.jmxremote.host="$2" -Djava.rmi.server.hostname="$2" \
    -Dcom.sun.management.jmxremote.authenticate=true \
    -Dcom.sun.management.jmxremote.password.file="$1/jmxremote.password" \
    -Dcom.sun.management.jmxremote.access.file="$1/jmxremote.access" \
    -Dcom.sun.management.jmxremote.ssl=false
}

write_config() {
  rm -rf "$DIR/conf"
  mkdir -p "$DIR/conf/zk"
  cat > "$DIR/conf/zk/zoo.cfg" <<EOF
dataDir=$DIR/data/zk
clientPort=$ZK_PORT
clientPortAddress=127.0.0.1
admin.enableServer=false
tickTime=2000
maxClientCnxns=200
4lw.commands.whitelist=ruok,srvr
EOF
  mkdir -p "$DIR/conf/nn"; core_site > "$DIR/conf/nn/core-site.xml"; hdfs_site "" > "$DIR/conf/nn/hdfs-site.xml"
  local i
  for i in $(seq 1 $PAIRS); do
    mkdir -p "$DIR/conf/dn$i"; core_site > "$DIR/conf/dn$i/core-site.xml"; hdfs_site "$i" > "$DIR/conf/dn$i/hdfs-site.xml"
  done
  mkdir -p "$DIR/conf/master"; core_site > "$DIR/conf/master/core-site.xml"; hbase_site "" > "$DIR/conf/master/hbase-site.xml"
  for i in $(seq 1 $PAIRS); do
    mkdir -p "$DIR/conf/rs$i"; core_site > "$DIR/conf/rs$i/core-site.xml"; hbase_site "$i" > "$DIR/conf/rs$i/hbase-site.xml"
  done
  jmx_files
  echo "$CAKE" > "$DIR/conf/cake"
  echo "$PROMETHEUS" > "$DIR/conf/prometheus"
  echo "$STANDBYS" > "$DIR/conf/standbys"
  echo "$EXTRA_CP" > "$DIR/conf/classpath"
  [ "$PROMETHEUS" != 1 ] || prometheus_config
}

# Prometheus's own configuration for this cluster (the compose file's monitoring profile reads it):
# docker/prometheus/prometheus.yml with this cluster's agents as targets, and Cake's alert rules.
prometheus_config() {
  local out="$DIR/conf/prometheus.d" i rs="" dn=""
  mkdir -p "$out"
  for i in $(seq 1 $RS_COUNT); do rs="$rs${rs:+, }\"$(host_of "$i"):$(rs_metrics "$i")\""; done
  for i in $(seq 1 $DN_COUNT); do dn="$dn${dn:+, }\"$(host_of "$i"):$(dn_metrics "$i")\""; done
  awk -v rs="$rs" -v dn="$dn" '
    /job_name: cake-regionserver/ { job = "rs" } /job_name: cake-datanode/ { job = "dn" }
    /- targets:/ { sub(/\[.*\]/, "[" (job == "rs" ? rs : dn) "]") } { print }' \
    "$root/docker/prometheus/prometheus.yml" > "$out/prometheus.yml"
  cp "$root/docker/prometheus/cake-alerts.yaml" "$out/"
  echo "127.0.0.1:$PROMETHEUS_PORT" > "$out/listen-address"
}

# --- launching ------------------------------------------------------------------------------
JDK_FLAGS=(
  -Dorg.apache.hbase.thirdparty.io.netty.tryReflectionSetAccessible=true
  --add-opens java.base/java.lang=ALL-UNNAMED
  --add-opens java.base/java.lang.reflect=ALL-UNNAMED
  --add-opens java.base/java.nio=ALL-UNNAMED
  --add-opens java.base/sun.nio.ch=ALL-UNNAMED
  --add-opens java.base/jdk.internal.ref=ALL-UNNAMED
  --add-opens java.base/java.util=ALL-UNNAMED
  --add-opens java.base/java.util.concurrent=ALL-UNNAMED
  --add-exports java.base/jdk.internal.misc=ALL-UNNAMED
)

# launch ROLE HEAP CLASSPATH [JVM flags...] -- MAIN [args...]
launch() {
  local role=$1 heap=$2 cp=$3
  shift 3
  local jvm=()
  while [ "$1" != "--" ]; do jvm+=("$1"); shift; done
  shift
  local cmd=(java "-Dcake.cluster.dir=$DIR" "-Dcake.cluster.role=$role" -Xmx"$heap" -XX:+UseSerialGC
    "${JDK_FLAGS[@]}" -Djava.net.preferIPv4Stack=true
    -Dlog4j2.configurationFile="$root/docker/conf/log4j2.properties"
    "${jvm[@]}" -cp "$cp" "$@")
  # Under 'role' (one daemon per container) this process becomes the daemon, logging to stdout.
  [ -z "${FOREGROUND:-}" ] || exec "${cmd[@]}"
  mkdir -p "$DIR/logs" "$DIR/pids"
  nohup "${cmd[@]}" >>"$DIR/logs/$role.log" 2>&1 </dev/null &
  local pid=$!
  echo "$pid" > "$(pid_file "$role")"
  # $! is the forked shell until it has exec'd java: only then does its command line carry the
  # marker that live_pid (status, stop) goes by. On a loaded machine that can take a while.
  local deadline=$((SECONDS + 30))
  until live_pid "$role" >/dev/null; do
    pid_gone "$pid" && die "$role exited at once; log: $DIR/logs/$role.log"
    [ $SECONDS -lt $deadline ] || die "$role (pid $pid) did not start java in 30 s"
    sleep 0.1
  done
}

# wait_for ROLE DESCRIPTION COMMAND...: polls COMMAND until it succeeds; fails if ROLE died
# (ROLE "": a daemon of another container, whose process is not ours to watch).
wait_for() {
  local role=$1 what=$2
  shift 2
  local deadline=$((SECONDS + TIMEOUT))
  until "$@"; do
    if [ -n "$role" ] && ! live_pid "$role" >/dev/null; then
      tail -n 30 "$DIR/logs/$role.log" >&2 || true
      die "$role exited while waiting for $what; log: $DIR/logs/$role.log"
    fi
    [ $SECONDS -lt $deadline ] || die "$what not reached in ${TIMEOUT}s${role:+; log: $DIR/logs/$role.log}"
    sleep 0.5
  done
}

jmx_value() { # URL QUERY ATTRIBUTE: prints the attribute's value (numbers and strings)
  curl -sf --max-time 3 "$1/jmx?qry=$2" 2>/dev/null \
    | grep -o "\"$3\" *: *[^,}]*" | head -n1 | sed 's/.*: *//; s/"//g'
}

# As many live DataNodes (RegionServers) as this cluster runs: the first pairs and any standby
# added; or N (a container's daemon, whose peers are not this process's to count).
live_datanodes() {
  [ "$(jmx_value "http://127.0.0.1:$NN_HTTP" Hadoop:service=NameNode,name=FSNamesystemState NumLiveDataNodes)" \
    = "${1:-$(serving dn)}" ]
}
serving() { # dn|rs: how many of that kind run
  local r n=0
  for r in $(roles); do
    case "$r" in "$1"[0-9]*) if live_pid "$r" >/dev/null; then n=$((n + 1)); fi ;; esac
  done
  echo "$n"
}
master_serving() {
  local url="http://127.0.0.1:$MASTER_INFO" q=Hadoop:service=HBase,name=Master,sub=Server
  [ "$(jmx_value "$url" $q numRegionServers)" = "$(serving rs)" ] \
    && [ "$(jmx_value "$url" $q tag.isActiveMaster)" = "true" ] \
    && curl -sf --max-time 3 "$url/master-status" 2>/dev/null | grep -q 'hbase:meta' \
    && ! curl -sf --max-time 3 "$url/master-status" 2>/dev/null | grep -qi 'master is initializing'
}

cake_option() { # COMMAND ARGS...: sets CAKE from [--cake on|off]
  local command=$1
  shift
  CAKE=on
  while [ $# -gt 0 ]; do
    case "$1" in
      --cake) CAKE=${2:-}; shift 2 ;;
      --cake=*) CAKE=${1#--cake=}; shift ;;
      *) die "$command: unknown option $1 ($command [--cake on|off])" ;;
    esac
  done
  case "$CAKE" in on|off) ;; *) die "--cake takes on or off, not '$CAKE'" ;; esac
  case "$PROMETHEUS" in 0|1) ;; *) die "CAKE_CLUSTER_PROMETHEUS takes 0 or 1, not '$PROMETHEUS'" ;; esac
}

# Sets jar, hbase_cp and hadoop_cp: each platform's runtime classpath, its web UI folder, the Cake jar.
classpaths() {
  jar=$(find_jar)
  daemon_classpaths
}

# Sets hbase_cp and hadoop_cp around $jar, with CAKE_CLUSTER_CLASSPATH's jars.
daemon_classpaths() {
  resolve_runtime hbase hbase-webapps
  resolve_runtime hadoop webapps
  hbase_cp="$(cat "$RUNTIME/hbase.classpath"):$RUNTIME/hbase-web:$jar${EXTRA_CP:+:$EXTRA_CP}"
  hadoop_cp="$(cat "$RUNTIME/hadoop.classpath"):$RUNTIME/hadoop-web:$jar${EXTRA_CP:+:$EXTRA_CP}"
}

# daemon ROLE: launches ROLE's JVM (the NameNode formatted first if new); needs CAKE and classpaths.
# daemon ROLE: starts it (the jmx_exporter agent too when $agent names its jar).
daemon() {
  local r=$1 i jmx=() prom=()
  case "$r" in
    zk) launch zk 128m "$DIR/conf/zk:$hbase_cp" -XX:TieredStopAtLevel=1 -- \
          org.apache.zookeeper.server.ZooKeeperServerMain "$DIR/conf/zk/zoo.cfg" ;;
    nn) if [ ! -d "$DIR/data/nn/current" ]; then
          say "formatting the NameNode (first start)"
          mkdir -p "$DIR/logs"
          java "-Dcake.cluster.dir=$DIR" -Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 "${JDK_FLAGS[@]}" \
            -Dlog4j2.configurationFile="$root/docker/conf/log4j2.properties" \
            -cp "$DIR/conf/nn:$hadoop_cp" org.apache.hadoop.hdfs.server.namenode.NameNode \
            -format -force -nonInteractive >>"$DIR/logs/nn-format.log" 2>&1 \
            || { tail -n 30 "$DIR/logs/nn-format.log" >&2; die "NameNode format failed; log: $DIR/logs/nn-format.log"; }
        fi
        launch nn 384m "$DIR/conf/nn:$hadoop_cp" -XX:TieredStopAtLevel=1 -- org.apache.hadoop.hdfs.server.namenode.NameNode ;;
    dn*) i=${r#dn}
        if [ "$CAKE" = on ]; then
          read -r -a jmx <<< "$(jmx_flags "$DIR/jmx/dn$i" "$(host_of "$i")" "$(dn_jmx "$i")" "$(dn_jmx_rmi "$i")")"
          # The controller's user may steer Cake's MBeans only, not dump the heap (docs/install.md).
          jmx+=(-Djavax.management.builder.initial=io.cake.core.jmx.CakeOnlyMBeanServerBuilder
                -Dcake.jmx.cake-only-users=cakecontroller)
        fi
        read -r -a prom <<< "$(exporter_flags "${agent:-}" "$(host_of "$i")" "$(dn_metrics "$i")")"
        launch "dn$i" 256m "$DIR/conf/dn$i:$hadoop_cp" "${jmx[@]}" "${prom[@]}" -- org.apache.hadoop.hdfs.server.datanode.DataNode ;;
    master) launch master 384m "$DIR/conf/master:$hbase_cp" -XX:TieredStopAtLevel=1 -- org.apache.hadoop.hbase.master.HMaster start ;;
    rs*) i=${r#rs}
        if [ "$CAKE" = on ]; then
          read -r -a jmx <<< "$(jmx_flags "$DIR/jmx/rs$i" "$(host_of "$i")" "$(rs_jmx "$i")" "$(rs_jmx_rmi "$i")")"
        fi
        read -r -a prom <<< "$(exporter_flags "${agent:-}" "$(host_of "$i")" "$(rs_metrics "$i")")"
        launch "rs$i" 768m "$DIR/conf/rs$i:$hbase_cp" "${jmx[@]}" "${prom[@]}" -- org.apache.hadoop.hbase.regionserver.HRegionServer start ;;
    *) die "no role $r" ;;
  esac
}

cmd_start() {
  cake_option start "$@"
  local running
  running=$(running_roles | paste -sd' ' -)
  [ -z "$running" ] || die "a cluster is already running in $DIR ($running): run 'cake-cluster stop' first, or set CAKE_CLUSTER_DIR and CAKE_CLUSTER_PORT_BASE for a second one"
  command -v java >/dev/null || die "java not found: a JDK 17 is needed"
  command -v jar >/dev/null || die "jar not found: a JDK 17 (not only a JRE) is needed"
  command -v curl >/dev/null || die "curl not found: it reads the daemons' /jmx pages to see them up"
  java -version 2>&1 | grep -Eq 'version "(1[7-9]|[2-9][0-9])' || die "Java 17 or newer is needed: $(java -version 2>&1 | head -n1)"
  local p busy=""
  for p in $ZK_PORT $NN_RPC $NN_HTTP $MASTER_RPC $MASTER_INFO; do
    port_open 127.0.0.1 "$p" && busy="$busy 127.0.0.1:$p"
  done
  local i
  for i in $(seq 1 $PAIRS); do
    for p in $(dn_xfer "$i") $(dn_ipc "$i") $(dn_http "$i") $(dn_jmx "$i") $(dn_jmx_rmi "$i") $(rs_rpc "$i") $(rs_info "$i") \
        $(rs_jmx "$i") $(rs_jmx_rmi "$i") $(dn_metrics "$i") $(rs_metrics "$i"); do
      port_open "$(host_of "$i")" "$p" && busy="$busy $(host_of "$i"):$p"
    done
  done
  [ -z "$busy" ] || die "ports already in use:$busy (another cluster? set CAKE_CLUSTER_PORT_BASE)"

  local t0=$SECONDS jar hbase_cp hadoop_cp
  classpaths
  mkdir -p "$DIR/runtime"
  echo "$jar" > "$DIR/runtime/cake.jar"
  local agent=""
  [ "$PROMETHEUS" != 1 ] || agent=$(exporter_jar)
  write_config
  # This start's logs alone in logs/; the previous start's in logs.previous/.
  rm -rf "$DIR/logs.previous"
  [ ! -d "$DIR/logs" ] || mv "$DIR/logs" "$DIR/logs.previous"
  mkdir -p "$DIR/data" "$DIR/logs" "$DIR/pids"
  rm -f "$DIR/conf/removed"
  say "Cake $CAKE, jar $jar, everything under $DIR${STANDBYS/#[1-9]*/, $STANDBYS standby pair(s)}"

  daemon zk
  daemon nn
  wait_for zk "ZooKeeper on 127.0.0.1:$ZK_PORT" port_open 127.0.0.1 "$ZK_PORT"
  wait_for nn "the NameNode's RPC on 127.0.0.1:$NN_RPC" port_open 127.0.0.1 "$NN_RPC"
  for i in $(seq 1 $DN_COUNT); do daemon "dn$i"; done
  wait_for nn "$DN_COUNT live DataNodes" live_datanodes
  say "HDFS up after $((SECONDS - t0)) s"
  daemon master
  for i in $(seq 1 $RS_COUNT); do daemon "rs$i"; done
  wait_for master "an initialised HMaster with $RS_COUNT RegionServers" master_serving
  say "started in $((SECONDS - t0)) s"
  cmd_status
}

rss_mb() { awk '/VmRSS/ {printf "%d", $2 / 1024}' "/proc/$1/status" 2>/dev/null || echo "?"; }

address_of() {
  case "$1" in
    zk) echo "127.0.0.1:$ZK_PORT" ;;
    nn) echo "rpc 127.0.0.1:$NN_RPC ui http://127.0.0.1:$NN_HTTP" ;;
    dn*) local i=${1#dn} jmx=""
         [ "$(cat "$DIR/conf/cake" 2>/dev/null)" != on ] || jmx=" jmx $(host_of "$i"):$(dn_jmx "$i")"
         [ "$(cat "$DIR/conf/prometheus" 2>/dev/null)" != 1 ] || jmx="$jmx metrics http://$(host_of "$i"):$(dn_metrics "$i")/metrics"
         echo "xfer $(host_of "$i"):$(dn_xfer "$i") ui http://$(host_of "$i"):$(dn_http "$i")$jmx" ;;
    master) echo "rpc 127.0.0.1:$MASTER_RPC ui http://127.0.0.1:$MASTER_INFO" ;;
    rs*) local i=${1#rs} jmx=""
         [ "$(cat "$DIR/conf/cake" 2>/dev/null)" != on ] || jmx=" jmx $(host_of "$i"):$(rs_jmx "$i")"
         [ "$(cat "$DIR/conf/prometheus" 2>/dev/null)" != 1 ] || jmx="$jmx metrics http://$(host_of "$i"):$(rs_metrics "$i")/metrics"
         echo "rpc $(host_of "$i"):$(rs_rpc "$i") ui http://$(host_of "$i"):$(rs_info "$i")$jmx" ;;
  esac
}

cmd_status() {
  local r pid total=0 up=0 n=0 rss
  printf '%-7s %-8s %-6s %8s  %s\n' role pid state rss_mb address
  for r in $(roles); do
    n=$((n + 1))
    if pid=$(live_pid "$r"); then
      rss=$(rss_mb "$pid"); total=$((total + rss)); up=$((up + 1))
      printf '%-7s %-8s %-6s %8s  %s\n' "$r" "$pid" up "$rss" "$(address_of "$r")"
    elif resting "$r"; then
      n=$((n - 1))
      printf '%-7s %-8s %-6s %8s  %s\n' "$r" - standby - "$(address_of "$r")"
    else
      printf '%-7s %-8s %-6s %8s  %s\n' "$r" - down - "$(address_of "$r")"
    fi
  done
  echo "$up of $n up, $total MB RSS; Cake $(cat "$DIR/conf/cake" 2>/dev/null || echo '?'); dir $DIR"
  [ "$up" -eq "$n" ]
}

# Signals the given roles (ours only) and waits up to $2 s for them to exit, then SIGKILLs the rest.
stop_roles() {
  local roles_=$1 grace=$2 r pid pids=""
  for r in $roles_; do
    if pid=$(live_pid "$r"); then kill -TERM "$pid" 2>/dev/null || true; pids="$pids $pid"; fi
  done
  [ -n "$pids" ] || return 0
  pids_gone "$pids" "$grace" || {
    for pid in $pids; do
      if ! pid_gone "$pid"; then say "pid $pid did not exit in ${grace}s: SIGKILL"; kill -KILL "$pid" 2>/dev/null || true; fi
    done
    pids_gone "$pids" 10 || true
  }
}

# Gone: no such process, or a zombie waiting for its parent. (Not the command line test of
# live_pid: /proc/PID/cmdline is empty already while a process is still exiting.)
pid_gone() {
  local state
  state=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 0
  [ -z "$state" ] || [ "$state" = Z ]
}

pids_gone() { # PIDS SECONDS: true once none of PIDS is alive
  local deadline=$((SECONDS + $2)) pid alive
  while :; do
    alive=""
    for pid in $1; do pid_gone "$pid" || alive="$alive $pid"; done
    [ -z "$alive" ] && return 0
    [ $SECONDS -lt $deadline ] || return 1
    sleep 0.3
  done
}

roles_pids() { # ROLES: the pids of those alive and ours
  local r pid
  for r in $1; do if pid=$(live_pid "$r"); then echo "$pid"; fi; done
}

cmd_stop() {
  local t0=$SECONDS rs="" dn="" i
  for i in $(seq 1 $PAIRS); do rs="$rs rs$i"; done
  for i in $(seq 1 $PAIRS); do dn="$dn dn$i"; done
  if [ -z "$(running_roles)" ]; then
    say "nothing running in $DIR"
    rm -f "$DIR"/pids/*.pid
    return 0
  fi
  # HBase first, as stop-hbase.sh does it: the master shuts the cluster down (regions closed and
  # flushed), then HDFS, so no WAL block is left under-replicated.
  if live_pid master >/dev/null; then
    local hbase_cp hbase_pids
    hbase_pids=$(roles_pids "master $rs" | paste -sd' ' -)
    hbase_cp="$(cat "$RUNTIME/hbase.classpath"):$(cat "$DIR/runtime/cake.jar")${EXTRA_CP:+:$EXTRA_CP}"
    timeout 60 java "-Dcake.cluster.dir=$DIR" -Xmx128m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 "${JDK_FLAGS[@]}" \
      -Dlog4j2.configurationFile="$root/docker/conf/log4j2.properties" \
      -cp "$DIR/conf/master:$hbase_cp" org.apache.hadoop.hbase.master.HMaster stop --shutDownCluster >>"$DIR/logs/stop.log" 2>&1 \
      || say "'HMaster stop' failed (see $DIR/logs/stop.log): stopping the HBase daemons one by one"
    pids_gone "$hbase_pids" 60 || true
  fi
  stop_roles "$rs master" 60
  stop_roles "$dn nn" 30
  stop_roles zk 15
  rm -f "$DIR"/pids/*.pid
  say "stopped in $((SECONDS - t0)) s"
}

cmd_env() {
  echo "CAKE_CLUSTER_DIR=$DIR"
  echo "ZK_QUORUM=127.0.0.1:$ZK_PORT"
  echo "NN_URI=hdfs://127.0.0.1:$NN_RPC"
  echo "NN_HTTP=http://127.0.0.1:$NN_HTTP"
  echo "MASTER_HTTP=http://127.0.0.1:$MASTER_INFO"
  local i prom
  # Whether the agents run: as the written configuration says, else as this environment would write it.
  prom=$(cat "$DIR/conf/prometheus" 2>/dev/null || echo "$PROMETHEUS")
  for i in $(seq 1 $PAIRS); do
    echo "RS${i}_HOST=$(host_of "$i")"
    echo "RS${i}_RPC_PORT=$(rs_rpc "$i")"
    echo "RS${i}_HTTP=http://$(host_of "$i"):$(rs_info "$i")"
    echo "RS${i}_JMX_URL=service:jmx:rmi:///jndi/rmi://$(host_of "$i"):$(rs_jmx "$i")/jmxrmi"
    [ "$prom" != 1 ] || echo "RS${i}_METRICS=http://$(host_of "$i"):$(rs_metrics "$i")/metrics"
  done
  for i in $(seq 1 $PAIRS); do
    echo "DN${i}_XFER_PORT=$(dn_xfer "$i")"
    echo "DN${i}_HTTP=http://$(host_of "$i"):$(dn_http "$i")"
    echo "DN${i}_JMX_URL=service:jmx:rmi:///jndi/rmi://$(host_of "$i"):$(dn_jmx "$i")/jmxrmi"
    [ "$prom" != 1 ] || echo "DN${i}_METRICS=http://$(host_of "$i"):$(dn_metrics "$i")/metrics"
  done
  # Where the compose file's monitoring profile serves Prometheus (./cake-cluster runs none).
  [ "$prom" != 1 ] || echo "PROMETHEUS_HTTP=http://127.0.0.1:$PROMETHEUS_PORT"
  # What the cake tool reads from its environment (docs/operations.md): export these and run ./cake status.
  echo "CAKE_ZK=127.0.0.1:$ZK_PORT"
  local dns=()
  for i in $(seq 1 $DN_COUNT); do dns+=("$(host_of "$i"):$(dn_http "$i")"); done
  echo "CAKE_DATANODE_HTTP=$(IFS=,; echo "${dns[*]}")"
  echo "CAKE_JMX_USER=cakeadmin"
  echo "CAKE_JMX_PASSWORD_FILE=$DIR/jmx/cakeadmin.password"
}

cmd_config() {
  cake_option config "$@"
  write_config
  say "configuration (Cake $CAKE) written under $DIR/conf, JMX files under $DIR/jmx"
}

# restart ROLE: stops one DataNode or RegionServer by its pid and starts it again on the jar and
# configuration the cluster runs (a fault to drill: ./cake-bench soak restarts a DataNode).
cmd_restart() {
  local r=${1:-} jar hbase_cp hadoop_cp agent=""
  case "$r" in dn[0-9]*|rs[0-9]*) ;; *) die "restart: a DataNode or RegionServer (dn1, rs2, ...), not '$r'" ;; esac
  live_pid "$r" >/dev/null || die "restart: $r is not running in $DIR"
  CAKE=$(cat "$DIR/conf/cake")
  PROMETHEUS=$(cat "$DIR/conf/prometheus" 2>/dev/null || echo 0)
  jar=$(cat "$DIR/runtime/cake.jar")
  daemon_classpaths
  [ "$PROMETHEUS" != 1 ] || agent=$(exporter_jar)
  stop_roles "$r" 60
  daemon "$r"
  case "$r" in
    dn*) wait_for nn "every DataNode live" live_datanodes ;;
    rs*) wait_for master "an initialised HMaster with every RegionServer" master_serving ;;
  esac
  say "$r restarted (pid $(live_pid "$r"))"
}

# server add [REASON] | server remove SERVER: the director's server command (docs/design/director.md).
cmd_server() {
  local verb=${1:-} arg=${2:-} i jar hbase_cp hadoop_cp agent=""
  [ -s "$DIR/conf/cake" ] && live_pid master >/dev/null || die "server: no cluster running in $DIR"
  CAKE=$(cat "$DIR/conf/cake")
  PROMETHEUS=$(cat "$DIR/conf/prometheus" 2>/dev/null || echo 0)
  jar=$(cat "$DIR/runtime/cake.jar")
  case "$verb" in
    add)
      for i in $(seq 1 $PAIRS); do
        if ! live_pid "rs$i" >/dev/null && resting "rs$i"; then break; fi
        i=""
      done
      [ -n "$i" ] || die "server add: no standby left (CAKE_CLUSTER_STANDBYS=$STANDBYS at start)${arg:+; asked because: $arg}"
      daemon_classpaths
      [ "$PROMETHEUS" != 1 ] || agent=$(exporter_jar)
      if [ -f "$DIR/conf/removed" ]; then sed -i "/^rs$i\$/d" "$DIR/conf/removed"; fi
      if ! live_pid "dn$i" >/dev/null; then
        daemon "dn$i"
        wait_for nn "every DataNode live" live_datanodes
      fi
      daemon "rs$i"
      wait_for master "an initialised HMaster with every RegionServer" master_serving
      # master_serving counts the live ones: a RegionServer that died starting would pass it.
      live_pid "rs$i" >/dev/null || die "server add: rs$i exited while starting; see $DIR/logs/rs$i.log"
      say "server add: rs$i on $(host_of "$i"):$(rs_rpc "$i") serving (pid $(live_pid "rs$i"))${arg:+; asked because: $arg}"
      echo "rs$i $(host_of "$i"),$(rs_rpc "$i")" ;;
    remove)
      [ -n "$arg" ] || die "server remove: name the RegionServer (host,port,startcode or host:port)"
      local host port
      host=${arg%%[,:]*}; port=${arg#*[,:]}; port=${port%%,*}
      for i in $(seq 1 $PAIRS); do
        [ "$(host_of "$i")" = "$host" ] && [ "$(rs_rpc "$i")" = "$port" ] && break
        i=""
      done
      [ -n "$i" ] || die "server remove: no RegionServer of this cluster is $arg"
      live_pid "rs$i" >/dev/null || die "server remove: rs$i ($arg) is not running"
      [ "$(serving rs)" -gt 1 ] || die "server remove: rs$i is the last RegionServer"
      stop_roles "rs$i" 60
      echo "rs$i" >> "$DIR/conf/removed"
      say "server remove: rs$i stopped; its DataNode dn$i serves on"
      echo "rs$i" ;;
    *) die "server: add [REASON] or remove SERVER, not '$verb'" ;;
  esac
}

# role ROLE: one daemon in this process's place (a container's entry point). It waits for what the
# daemon needs from the others (by the same checks as start), as start would have done before it.
cmd_role() {
  local r=${1:-} jar hbase_cp hadoop_cp
  local all
  all=$(roles | paste -sd' ' -)
  case " $all " in *" $r "*) [ -n "$r" ] ;; *) false ;; esac || die "role: one of $all, not '$r'"
  [ -s "$DIR/conf/cake" ] || die "no configuration under $DIR/conf: run 'cluster.sh config' first"
  CAKE=$(cat "$DIR/conf/cake")
  PROMETHEUS=$(cat "$DIR/conf/prometheus" 2>/dev/null || echo 0)
  command -v java >/dev/null || die "java not found: a Java 17 runtime is needed"
  classpaths
  local agent=""
  [ "$PROMETHEUS" != 1 ] || agent=$(exporter_jar)
  case "$r" in
    dn*) wait_for "" "the NameNode's RPC on 127.0.0.1:$NN_RPC" port_open 127.0.0.1 "$NN_RPC" ;;
    master|rs*) wait_for "" "ZooKeeper on 127.0.0.1:$ZK_PORT" port_open 127.0.0.1 "$ZK_PORT"
      wait_for "" "$DN_COUNT live DataNodes" live_datanodes "$DN_COUNT" ;;
  esac
  say "$r: Cake $CAKE, jar $jar, cluster dir $DIR"
  FOREGROUND=1 daemon "$r"
}

case "${1:-}" in
  start) shift; cmd_start "$@" ;;
  config) shift; cmd_config "$@" ;;
  role) shift; cmd_role "$@" ;;
  restart) shift; cmd_restart "$@" ;;
  server) shift; cmd_server "$@" ;;
  runtime) resolve_runtime hbase hbase-webapps; resolve_runtime hadoop webapps; echo "$RUNTIME" ;;
  jar) find_jar ;;
  exporter-jar) exporter_jar ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  env) cmd_env ;;
  *) echo "usage: $0 start [--cake on|off] | status | stop | env | restart dnN|rsN | server add|remove | config [--cake on|off] | role ROLE | runtime" >&2; exit 2 ;;
esac
