package io.cake.sim.scenario;

import io.cake.sim.Hardware;

/**
 * The hardware and default workload of one of the benchmarks' regimes, as the simulator plays it.
 * A front end's get is {@code getCpuMs} of handler time and {@code getChunks} 64 KB reads; a batch
 * request is one scan RPC (100 rows of 8 KB: 13 chunks) and {@code scanCpuMs}; {@code
 * clientThreads} is the bench generator's pool per front end.
 *
 * <p>What the simulator leaves out, and so what its numbers cannot say: the software stack's own
 * tail (the cluster's isolated p99 is mostly GC, RPC and two shared cores, not the disk), CPU
 * contention and AIMD, and readahead. Its SLOs are set from its own isolated runs, as the bench
 * sets the cluster's from its own.
 */
public record Regime(
    String name, Hardware hardware, double getCpuMs, int getChunks, int clientThreads, double scanCpuMs,
    int scanChunks, double frontRate, int batchThreads) {

  /**
   * {@code --disk hdd}: ten handlers over four actuators of the bench's emulated 7,200 rpm disk
   * (8 ms mean seek, 120 MB/s, one read per actuator at once), 30 gets a second, 12 scanners.
   */
  public static final Regime HDD = new Regime(
      "hdd", Hardware.rotational(10, 4, 8, 7200, 120), 0.5, 1, 64, 1.0, 13, 30, 12);

  /**
   * The memory regime as the simulator can play it: the data in memory (chunks of 0.25 ms on six
   * slots), so handlers are what the tenants contend for; 80 gets a second, 12 scanners whose
   * requests hold a handler 8 ms of CPU each. No CPU contention is modelled, only handler time.
   */
  public static final Regime CPU = new Regime(
      "cpu", new Hardware(10, 6, 0.25), 1.5, 1, 64, 8.0, 13, 80, 12);
}
