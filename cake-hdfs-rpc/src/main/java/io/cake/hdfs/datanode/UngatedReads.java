package io.cake.hdfs.datanode;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The reads that bypass a {@link DataNodeReadScheduler}'s gate, counted, each kind logged once. */
final class UngatedReads {
  private static final Logger LOG = LoggerFactory.getLogger(DataNodeReadScheduler.class);

  private final String name;
  private final long stallNanos;
  private final AtomicLong reads = new AtomicLong();
  private final AtomicLong shortCircuitOpens = new AtomicLong();
  private final AtomicBoolean loggedShortCircuit = new AtomicBoolean();
  private final AtomicBoolean loggedStall = new AtomicBoolean();

  UngatedReads(String name, long stallNanos) {
    this.name = name;
    this.stallNanos = stallNanos;
  }

  /** A read of a volume with a stuck read: logged by the stuck-read watch. */
  void stuckVolume() {
    reads.incrementAndGet();
  }

  /** A read whose wait timed out on a stalled gate. */
  void stalled() {
    reads.incrementAndGet();
    if (loggedStall.compareAndSet(false, true)) {
      LOG.warn("Cake {}: no disk slot freed for {} ms ({}): reading ungated; further ones are only"
              + " counted (UngatedReads)", name, TimeUnit.NANOSECONDS.toMillis(stallNanos),
          HdfsSchedulerConfig.STALL_TIMEOUT_MS_KEY);
    }
  }

  /** See {@link DataNodeReadScheduler#shortCircuitOpened}. */
  void shortCircuitOpened(String thread) {
    shortCircuitOpens.incrementAndGet();
    if (loggedShortCircuit.compareAndSet(false, true)) {
      LOG.warn("Cake {}: a local client reads by short-circuit ({}): those reads bypass Cake's"
              + " disk gate and are not scheduled; turn dfs.client.read.shortcircuit off on the"
              + " RegionServers to schedule them. Further ones are only counted (ShortCircuitOpens)",
          name, thread);
    }
  }

  /** Disk reads done ungated: stalled gate or stuck volume. */
  long reads() {
    return reads.get();
  }

  long shortCircuitOpens() {
    return shortCircuitOpens.get();
  }
}
