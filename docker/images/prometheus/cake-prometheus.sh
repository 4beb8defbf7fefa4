#!/usr/bin/env bash
# The monitoring profile's entry point: Prometheus on the loopback port the cluster's configuration
# names (cluster.sh config writes both), its data in the container, extra flags passed on.
set -euo pipefail
conf=${CAKE_CLUSTER_DIR:-/cluster}/conf/prometheus.d
[ -s "$conf/prometheus.yml" ] || { echo "cake-prometheus: no $conf/prometheus.yml: the config service writes it (CAKE_PROMETHEUS=1)" >&2; exit 1; }
exec /usr/local/bin/prometheus --config.file="$conf/prometheus.yml" \
  --web.listen-address="$(cat "$conf/listen-address")" --storage.tsdb.path=/tmp/prometheus "$@"
