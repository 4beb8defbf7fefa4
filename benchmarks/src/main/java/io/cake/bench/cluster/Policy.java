package io.cake.bench.cluster;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * How the cluster is set up for one measured run: the RegionServer's configuration overlay (the
 * RegionServer is restarted when it changes), whether the DataNode's Cake read gate is on and
 * with which shares, and an HBase quota on the batch user.
 *
 * @param name the run's name in results.json (isolated-frontend, hbase-fifo, cake-slo-40, ...)
 * @param label a human description, with the knob's value
 * @param regionServer hbase-site.xml keys for the RegionServer (besides the cluster's base)
 * @param hdfsGate whether the DataNode's Cake scheduler gates reads (false: pass-through)
 * @param hdfsShares the DataNode's shares when gated (tenant to weight)
 * @param batchReadBytesPerSec HBase READ_SIZE throttle on the batch user, 0 for none
 * @param sloMs the SLO the run is judged by (null for isolated runs)
 * @param knob the swept option and its value, for the report (may be empty)
 * @param cake whether Cake's schedulers run (allocation is sampled)
 * @param hdfsSoftLimit the DataNode gate's soft limit while gated (0: the cluster's default)
 * @param hdfsReservations the DataNode's reserved slots per tenant when gated
 */
public record Policy(
    String name,
    String label,
    Map<String, String> regionServer,
    boolean hdfsGate,
    Map<String, Double> hdfsShares,
    long batchReadBytesPerSec,
    Double sloMs,
    Map<String, Object> knob,
    boolean cake,
    int hdfsSoftLimit,
    Map<String, Integer> hdfsReservations) {

  public Policy {
    if (hdfsSoftLimit < 0) {
      throw new IllegalArgumentException("hdfsSoftLimit must be >= 0 (0: default), got " + hdfsSoftLimit);
    }
    regionServer = new TreeMap<>(regionServer);
    hdfsReservations = new TreeMap<>(hdfsReservations);
    hdfsShares = new TreeMap<>(hdfsShares);
    knob = new LinkedHashMap<>(knob);
  }

  /** With the cluster's default soft limit. */
  public Policy(
      String name, String label, Map<String, String> regionServer, boolean hdfsGate,
      Map<String, Double> hdfsShares, long batchReadBytesPerSec, Double sloMs,
      Map<String, Object> knob, boolean cake) {
    this(name, label, regionServer, hdfsGate, hdfsShares, batchReadBytesPerSec, sloMs, knob, cake, 0, Map.of());
  }

  public Policy withName(String n, String l) {
    return new Policy(n, l, regionServer, hdfsGate, hdfsShares, batchReadBytesPerSec, sloMs, knob, cake, hdfsSoftLimit, hdfsReservations);
  }

  public Policy withSlo(Double slo) {
    return new Policy(name, label, regionServer, hdfsGate, hdfsShares, batchReadBytesPerSec, slo, knob, cake, hdfsSoftLimit, hdfsReservations);
  }

  public Policy withHdfsReservations(Map<String, Integer> r) {
    return new Policy(name, label, regionServer, hdfsGate, hdfsShares, batchReadBytesPerSec, sloMs, knob, cake, hdfsSoftLimit, r);
  }

  public Policy withSoftLimit(int limit) {
    return new Policy(name, label, regionServer, hdfsGate, hdfsShares, batchReadBytesPerSec, sloMs, knob, cake, limit, hdfsReservations);
  }
}
