package io.cake.controller.loop;

import io.cake.core.sched.Allocation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The allocations the tenants without an SLO keep their weights and reservations from, at each
 * level. Taken from the schedulers at the controller's first decision (static config or an
 * operator's), so a tenant whose SLO goes returns to its configured weight, not to the share the
 * controller last gave it. The HBase one then follows the configured allocation (site file and
 * policy store) when that changes: the controller would otherwise rebuild the others' allocation
 * from what it took at start, and undo an operator's change at its next decision.
 */
final class Bases {
  private static final Logger LOG = LoggerFactory.getLogger(Bases.class);

  private Allocation hbase;
  private Allocation hdfs;
  private Allocation hbaseConfigured; // the configured allocation last seen

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

  Allocation hbase() {
    return hbase;
  }

  Allocation hdfs() {
    return hdfs;
  }
}
