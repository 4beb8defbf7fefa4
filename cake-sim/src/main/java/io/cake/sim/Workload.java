package io.cake.sim;

import io.cake.core.tenant.OperationType;
import java.util.Objects;
import java.util.function.DoubleUnaryOperator;

/**
 * What one tenant sends of one operation: open loop at {@code rate} requests a second (of
 * simulated time), or, if {@code rate} is null, {@code threads} closed-loop threads; each request
 * takes {@code cpuMs} of handler time and reads {@code chunks} chunks. With a rate, {@code
 * threads} above 0 is the client's pool: at most that many requests outstanding, the rest wait
 * at the client (0: no bound). A tenant may have one workload per operation; they share its
 * queues.
 */
public record Workload(String tenant, DoubleUnaryOperator rate, int threads, double cpuMs, int chunks,
    OperationType op) {
  public Workload {
    Objects.requireNonNull(op, "op");
  }

  /** Of gets. */
  public Workload(String tenant, DoubleUnaryOperator rate, int threads, double cpuMs, int chunks) {
    this(tenant, rate, threads, cpuMs, chunks, OperationType.GET);
  }

  public static Workload open(String tenant, DoubleUnaryOperator rate, double cpuMs, int chunks) {
    return new Workload(tenant, Objects.requireNonNull(rate), 0, cpuMs, chunks);
  }

  public static Workload closed(String tenant, int threads, double cpuMs, int chunks) {
    return new Workload(tenant, null, threads, cpuMs, chunks);
  }

  /**
   * The same open-loop requests sent through a pool of {@code n} client threads, as the bench's
   * generator sends them (64 threads a tenant by default): beyond {@code n} outstanding a request
   * waits at the client, and {@link SimulatedCluster#takeLatency} counts from when it was due, as
   * the bench does.
   */
  public Workload withClientThreads(int n) {
    if (rate == null || n < 1) {
      throw new IllegalArgumentException("client threads are for an open-loop workload, at least 1; got " + n);
    }
    return new Workload(tenant, rate, n, cpuMs, chunks, op);
  }

  /** The same requests, counted as {@code next} operations. */
  public Workload as(OperationType next) {
    return new Workload(tenant, rate, threads, cpuMs, chunks, next);
  }
}
