package io.cake.cluster;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A front end of single-row gets at a fixed rate (tenant {@code frontend}) beside batch threads
 * scanning the whole table back to back (tenant {@code batch}), each tagged by the request
 * attribute {@code cake.tenant} as a client of Cake does. Get latencies are kept per
 * RegionServer host (the host serving the row), so each RegionServer's p99 can be judged.
 */
final class TaggedLoad {
  private final Connection connection;
  private final TableName table;
  private final Map<String, List<byte[]>> rowsByHost;
  private final Map<String, List<Long>> latencyMicrosByHost = new ConcurrentHashMap<>();
  private final AtomicLong getErrors = new AtomicLong();
  private final AtomicLong scans = new AtomicLong();
  private final AtomicLong scanErrors = new AtomicLong();

  TaggedLoad(Connection connection, TableName table, Map<String, List<byte[]>> rowsByHost) {
    this.connection = connection;
    this.table = table;
    this.rowsByHost = rowsByHost;
    rowsByHost.keySet().forEach(h -> latencyMicrosByHost.put(h, Collections.synchronizedList(new ArrayList<>())));
  }

  static Table tagged(Connection c, TableName t, String tenant) {
    return c.getTableBuilder(t, null).setRequestAttribute("cake.tenant", Bytes.toBytes(tenant)).build();
  }

  /** Runs for the given time: gets at {@code getsPerSecond} in all, spread over the hosts. */
  void run(long millis, int getsPerSecond, int batchThreads) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(rowsByHost.size() + batchThreads);
    long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    List<Future<?>> work = new ArrayList<>();
    long periodNanos = TimeUnit.SECONDS.toNanos(1) * rowsByHost.size() / getsPerSecond;
    for (Map.Entry<String, List<byte[]>> e : rowsByHost.entrySet()) {
      work.add(pool.submit(() -> frontend(e.getKey(), e.getValue(), end, periodNanos)));
    }
    for (int i = 0; i < batchThreads; i++) {
      work.add(pool.submit(() -> batch(end)));
    }
    for (Future<?> f : work) {
      f.get(millis + 60_000, TimeUnit.MILLISECONDS);
    }
    pool.shutdown();
  }

  /** Open loop: one get per period (pacing a client, not waiting for the server's state). */
  private Void frontend(String host, List<byte[]> rows, long end, long periodNanos) throws IOException, InterruptedException {
    try (Table t = tagged(connection, table, "frontend")) {
      long next = System.nanoTime();
      while (next < end) {
        long wait = next - System.nanoTime();
        if (wait > 0) {
          TimeUnit.NANOSECONDS.sleep(wait);
        }
        byte[] row = rows.get(ThreadLocalRandom.current().nextInt(rows.size()));
        long t0 = System.nanoTime();
        try {
          Result r = t.get(new Get(row));
          if (r.isEmpty()) {
            getErrors.incrementAndGet();
          }
        } catch (IOException ex) {
          getErrors.incrementAndGet();
        }
        latencyMicrosByHost.get(host).add((System.nanoTime() - t0) / 1000);
        next += periodNanos;
      }
    }
    return null;
  }

  private Void batch(long end) throws IOException {
    try (Table t = tagged(connection, table, "batch")) {
      while (System.nanoTime() < end) {
        try (ResultScanner s = t.getScanner(new Scan().setCaching(50).setCacheBlocks(false))) {
          for (Result r : s) {
            if (System.nanoTime() >= end) {
              break;
            }
          }
          scans.incrementAndGet();
        } catch (IOException ex) {
          scanErrors.incrementAndGet();
        }
      }
    }
    return null;
  }

  /** The client-side p99 of the gets served by this host, in ms. */
  double p99Millis(String host) {
    List<Long> l = new ArrayList<>(latencyMicrosByHost.get(host));
    if (l.isEmpty()) {
      return Double.NaN;
    }
    Collections.sort(l);
    return l.get((int) Math.ceil(0.99 * l.size()) - 1) / 1000.0;
  }

  int gets(String host) {
    return latencyMicrosByHost.get(host).size();
  }

  long getErrors() {
    return getErrors.get();
  }

  long scans() {
    return scans.get();
  }

  long scanErrors() {
    return scanErrors.get();
  }
}
