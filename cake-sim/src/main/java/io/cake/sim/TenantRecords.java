package io.cake.sim;

import io.cake.core.tenant.OperationType;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * What the simulated cluster counts per tenant: the client's latencies (from when each request was
 * due), the RegionServer's per operation (from when it arrived, as its OperationStats keeps them),
 * and chunks read.
 */
final class TenantRecords {
  private final Map<String, Histogram> client = new LinkedHashMap<>();
  private final Map<String, long[]> chunks = new LinkedHashMap<>();
  private Map<String, Map<OperationType, Histogram>> server = new TreeMap<>();

  static Histogram histogram() {
    return new Histogram(TimeUnit.MINUTES.toNanos(10), 3);
  }

  void register(String tenant) {
    client.putIfAbsent(tenant, histogram());
    chunks.putIfAbsent(tenant, new long[1]);
  }

  void chunkRead(String tenant) {
    chunks.get(tenant)[0]++;
  }

  void completed(String tenant, OperationType op, long clientNanos, long serverNanos) {
    Histogram h = client.get(tenant);
    h.recordValue(Math.min(clientNanos, h.getHighestTrackableValue()));
    server.computeIfAbsent(tenant, t -> new EnumMap<>(OperationType.class))
        .computeIfAbsent(op, o -> histogram())
        .recordValue(Math.min(serverNanos, h.getHighestTrackableValue()));
  }

  /** The client's latencies since the last call. */
  Histogram takeClient(String tenant) {
    Histogram h = client.get(tenant);
    Histogram out = h.copy();
    h.reset();
    return out;
  }

  long chunks(String tenant) {
    return chunks.get(tenant)[0];
  }

  /** The RegionServer's latencies per tenant and operation since the last call. */
  Map<String, Map<OperationType, Histogram>> takeServer() {
    Map<String, Map<OperationType, Histogram>> out = server;
    server = new TreeMap<>();
    return out;
  }
}
