package io.cake.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.withinPercentage;

import io.cake.core.metrics.LatencySummary;
import io.cake.core.metrics.TenantSnapshot;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The simulator's open-loop senders with and without a pool of client threads. */
class SimulatedClusterTest {
  /** 4 disk slots of 10 ms chunks: 400 single-chunk requests a second at most. */
  private static final Hardware HARDWARE = new Hardware(8, 4, 10.0);

  /** Sends twice what the disks serve for 10 s; returns the interval's snapshot of tenant "a". */
  private static TenantSnapshot overload(Workload w, double[] clientAndServerP99) {
    SimulatedCluster sim = new SimulatedCluster(HARDWARE, List.of(w), 7);
    sim.start();
    sim.runUntil(10_000_000_000L);
    sim.roll();
    TenantSnapshot a = sim.hbasePort().lastInterval().tenants().tenant("a").orElseThrow();
    clientAndServerP99[0] = LatencySummary.percentileMs(sim.takeLatency("a"), 99);
    clientAndServerP99[1] = LatencySummary.percentileMs(a.latencyNanos(), 99);
    return a;
  }

  @Test
  void withClientThreadsTheBacklogWaitsAtTheClientWhereTheRegionServerCannotSeeIt() {
    Workload open = Workload.open("a", t -> 800, 0.1, 1);
    double[] unbounded = new double[2];
    TenantSnapshot all = overload(open, unbounded);
    // Every request reaches the RegionServer: its queue holds the backlog (about 4,000 after 10 s)
    // and its latency is the client's.
    assertThat(all.queueLength()).isGreaterThan(1000);
    assertThat(unbounded[1]).isCloseTo(unbounded[0], withinPercentage(1));

    double[] bounded = new double[2];
    TenantSnapshot four = overload(open.withClientThreads(4), bounded);
    // At most 4 outstanding: 8 handlers are enough, nothing queues at the RegionServer, and its p99
    // is a few chunk reads, while the client's counts the wait for a thread, seconds.
    assertThat(four.queueLength()).isZero();
    assertThat(four.arrivals()).as("arrived at the RegionServer").isLessThanOrEqualTo(four.completions() + 4);
    assertThat(bounded[1]).as("server p99 ms").isLessThan(200);
    assertThat(bounded[0]).as("client p99 ms").isGreaterThan(10 * bounded[1]);
  }

  @Test
  void clientThreadsAreForAnOpenLoopSenderOnly() {
    assertThatThrownBy(() -> Workload.closed("batch", 4, 1.0, 8).withClientThreads(4))
        .hasMessageContaining("open-loop");
    assertThatThrownBy(() -> Workload.open("a", t -> 10, 1.0, 8).withClientThreads(0))
        .hasMessageContaining("got 0");
  }
}
