package io.cake.bench.load;

/**
 * Where a tenant's finished operations go: its {@link Windows} in the bench's JVM, or the pipe back
 * to it from a {@link LoadClient} process.
 */
public interface Sink {
  /**
   * One operation.
   *
   * @param at nanoseconds after the measured period began (negative: warm-up or settle, not measured)
   * @param latencyNanos from the intended start (open loop) or the issue (closed loop) to the answer
   */
  void record(long at, long latencyNanos, long byteCount, boolean ok);
}
