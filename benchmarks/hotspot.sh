#!/usr/bin/env bash
# benchmarks/hotspot.sh [OUT] [cake-bench options...]
# The director's cluster experiment (docs/evaluation.md): for each of two arms, start ./cake-cluster
# (2 DataNode + RegionServer pairs and a standby pair), run `./cake-bench experiment hotspot`
# against it, stop it. Arms: "balancer", HBase's StochasticLoadBalancer alone; "director", Cake's
# director in the HMaster beside that balancer. Both run the balancer every 10 s.
#
# Benchmark-only parts, never installed, put on this cluster by the generated site files:
#   - each DataNode reads through its own emulated disk (io.cake.bench.disk, one volume), so each
#     pair has a disk of its own, as separate hosts would;
#   - LoopbackHostSocketFactory binds each process's Hadoop RPCs to its own loopback address, so
#     a RegionServer's blocks and reads stay on its own DataNode (docs/design/director.md).
# Environment: HOTSPOT_ARMS (default "balancer director"), HOTSPOT_SLO_MS (default 150),
# CAKE_CLUSTER_PORT_BASE (default 25000). Needs a build: ./mvnw -B install -DskipTests
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:-$root/bench-out/hotspot}")
[ $# -eq 0 ] || shift
arms=${HOTSPOT_ARMS:-balancer director}
slo=${HOTSPOT_SLO_MS:-150}
base=${CAKE_CLUSTER_PORT_BASE:-25000}
volumes=1   # one emulated disk of one actuator per DataNode; the results record the model
jar=$(ls "$root"/benchmarks/target/benchmarks-*.jar 2>/dev/null | grep -v -- '-tests\|original' | head -1 || true)
[ -n "$jar" ] || { echo "hotspot.sh: no benchmarks jar; build first: ./mvnw -B install -DskipTests" >&2; exit 1; }
mkdir -p "$out"

prop() { printf '  <property><name>%s</name><value>%s</value></property>\n' "$1" "$2"; }
factory=io.cake.bench.cluster.LoopbackHostSocketFactory
{
  echo '<configuration>'
  prop hadoop.rpc.socket.factory.class.default "$factory"
  prop cake.hdfs.fsdataset.base-factory io.cake.bench.disk.EmulatedDiskDatasetFactory
  prop cake.bench.disk-volumes "$volumes"
  prop cake.hdfs.soft-limit 2
  echo '</configuration>'
} > "$out/hdfs-extra.xml"

for arm in $arms; do
  {
    echo '<configuration>'
    prop hadoop.rpc.socket.factory.class.default "$factory"
    prop cake.slo.frontend.latency-ms "$slo"
    prop hbase.balancer.period 10000
    if [ "$arm" = director ]; then
      prop hbase.coprocessor.master.classes io.cake.director.master.CakeDirectorCoprocessor
      prop hbase.master.balancer.stochastic.additionalCostFunctions \
        org.apache.hadoop.hbase.master.balancer.CakeDirectorCostFunction
      prop cake.director.enabled true
      prop cake.director.interval-ms 10000
      prop cake.director.server-command "$root/cake-cluster server"
    fi
    echo '</configuration>'
  } > "$out/hbase-extra-$arm.xml"
  export CAKE_CLUSTER_DIR="$out/cluster-$arm" CAKE_CLUSTER_PORT_BASE=$base CAKE_CLUSTER_STANDBYS=1 \
    CAKE_CLUSTER_CLASSPATH="$jar" CAKE_CLUSTER_HDFS_EXTRA="$out/hdfs-extra.xml" \
    CAKE_CLUSTER_HBASE_EXTRA="$out/hbase-extra-$arm.xml"
  rm -rf "$CAKE_CLUSTER_DIR/data"
  "$root/cake-cluster" start
  status=0
  "$root/cake-bench" experiment hotspot --zk "127.0.0.1:$((base + 181))" --zk-policy "$arm" --slo "$slo" \
    --out "$out/$arm" --batch-threads 4 --disk hdd --disk-volumes "$volumes" "$@" || status=$?
  "$root/cake-cluster" stop
  [ "$status" = 0 ] || exit "$status"
done
echo "hotspot.sh: reports in $out/*/report.md"
