package io.cake.controller.loop;

import io.cake.core.policy.StoredPolicy;
import io.cake.core.sched.Allocation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The allocations the tenants without an SLO keep their weights and reservations from, at each
 * level. Taken from the schedulers at the controller's first decision (static config or an
 * operator's), so a tenant whose SLO goes returns to its configured weight, not to the share the
 * controller last gave it. The HBase one then follows the configured allocation (site file and
 * policy store) when that changes: the controller would otherwise rebuild the others' allocation
 * from what it took at start, and undo an operator's change at its next decision. The DataNode
 * reads no store: its base is what it had at the first decision with the store's shares and
 * reservations laid over it ({@link StoredPolicy#over}), cut down to its slots, so a tenant set in
 * the store is served the same at both levels and one dropped from it returns to the DataNode's
 * own configuration.
 */
final class Bases {
  private static final Logger LOG = LoggerFactory.getLogger(Bases.class);

  private Allocation hbase;
  private Allocation hdfs;
  private Allocation hbaseConfigured; // the configured allocation last seen
  private StoredPolicy store = StoredPolicy.EMPTY;
  private int hdfsSlots;
  private Allocation hdfsLogged; // the DataNode base last logged

  /** At the first decision: what the schedulers have now. */
  void takeIfFirst(Allocation hb, Allocation df) {
    if (hbase == null) {
      hbase = hb;
      hdfs = df;
    }
  }

  /** The configured HBase allocation as read this interval (null: unknown). */
  void follow(Allocation configured) {
    if (configured == null || configured.equals(hbaseConfigured)) {
      return;
    }
    if (hbaseConfigured != null && hbase != null) {
      hbase = configured;
      LOG.info("cake-controller: the configured HBase allocation changed; the tenants without an SLO follow it: {}",
          configured);
    }
    hbaseConfigured = configured;
  }

  /** The policy store as the RegionServer last read it, and the DataNode's slots now. */
  void followStore(StoredPolicy read, int slots) {
    store = read == null ? StoredPolicy.EMPTY : read;
    hdfsSlots = slots;
  }

  Allocation hbase() {
    return hbase;
  }

  Allocation hdfs() {
    if (hdfs == null) {
      return null;
    }
    Allocation out = store.over(hdfs);
    out = hdfsSlots > 0 ? out.clippedTo(hdfsSlots) : out;
    if (!out.equals(hdfs) && !out.equals(hdfsLogged)) {
      LOG.info("cake-controller: the policy store's shares and reservations reach the DataNode: {}", out);
    }
    hdfsLogged = out;
    return out;
  }
}
