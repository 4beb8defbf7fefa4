package io.cake.controller.policy;

import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.tenant.OperationType;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * One HBase metrics interval's latency histograms (nanoseconds, receive to response) per tenant
 * and operation, for goals on one operation's calls. {@code endNanos} names the interval: an
 * {@link HBaseInterval} pairs these only with the tenants' snapshot that ends at the same time.
 * Histograms must not be modified by readers.
 */
public record OperationLatencies(long endNanos, Map<String, Map<OperationType, Histogram>> latencyNanos) {

  public OperationLatencies {
    Map<String, Map<OperationType, Histogram>> copy = new TreeMap<>(); // same order in every JVM
    latencyNanos.forEach((t, ops) -> {
      Map<OperationType, Histogram> byOp = new EnumMap<>(OperationType.class);
      byOp.putAll(ops);
      copy.put(t, Collections.unmodifiableMap(byOp));
    });
    latencyNanos = Collections.unmodifiableMap(copy);
  }

  /** None, for the interval {@code of} closed: a scheduler's that keeps no latencies per operation. */
  public static OperationLatencies none(SchedulerSnapshot of) {
    return new OperationLatencies(of.endNanos(), Map.of());
  }

  /** {@code tenant}'s {@code op} calls' latencies, if it completed any. */
  public Optional<Histogram> of(String tenant, OperationType op) {
    return Optional.ofNullable(latencyNanos.getOrDefault(tenant, Map.of()).get(op));
  }
}
