package io.cake.bench.soak;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The soak's clients: gets, short scans and puts, each call under a tenant. Named tenants
 * (frontend, batch, writer) and, for every other get, the next of {@code names} churned names, so
 * that the servers see that many distinct tenants over the run. Every call is counted as sent, then
 * as completed or as refused (an exception the client saw, by class): sent = completed + refused
 * once the clients stop, or a call was lost.
 */
final class SoakLoad implements AutoCloseable {
  static final byte[] FAMILY = Bytes.toBytes("f");
  static final int ROWS = 2_000;

  private final Connection connection;
  private final TableName table;
  private final int names;
  private final AtomicLong nextName = new AtomicLong();
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final List<Thread> threads = new ArrayList<>();
  final LongAdder sent = new LongAdder();
  final LongAdder completed = new LongAdder();
  private final Map<String, LongAdder> refused = new ConcurrentHashMap<>();

  SoakLoad(Connection connection, TableName table, int names) {
    this.connection = connection;
    this.table = table;
    this.names = names;
  }

  static byte[] row(int i) {
    return Bytes.toBytes(String.format("row%05d", i));
  }

  void start(int getters) {
    for (int i = 0; i < getters; i++) {
      thread("get-" + i, this::get);
    }
    thread("scan", this::scan);
    thread("put", this::put);
  }

  private void thread(String name, Call call) {
    Thread t = new Thread(() -> {
      while (running.get()) {
        sent.increment();
        try {
          call.run();
          completed.increment();
        } catch (IOException | RuntimeException e) {
          refused.computeIfAbsent(e.getClass().getSimpleName(), k -> new LongAdder()).increment();
        }
      }
    }, "soak-" + name);
    t.setDaemon(true);
    threads.add(t);
    t.start();
  }

  @FunctionalInterface
  private interface Call {
    void run() throws IOException;
  }

  private Table as(String tenant) {
    return connection.getTableBuilder(table, null).setRequestAttribute("cake.tenant", Bytes.toBytes(tenant)).build();
  }

  private void get() throws IOException {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    String tenant = r.nextBoolean() ? "frontend" : String.format("churn-%05d", nextName.getAndIncrement() % names);
    try (Table t = as(tenant)) {
      t.get(new Get(row(r.nextInt(ROWS))));
    }
  }

  private void scan() throws IOException {
    int from = ThreadLocalRandom.current().nextInt(ROWS - 200);
    try (Table t = as("batch"); ResultScanner s = t.getScanner(new Scan().withStartRow(row(from)).withStopRow(row(from + 200)))) {
      s.forEach(x -> {});
    }
  }

  private void put() throws IOException {
    int i = ThreadLocalRandom.current().nextInt(ROWS);
    try (Table t = as("writer")) {
      t.put(new Put(row(i)).addColumn(FAMILY, Bytes.toBytes("q"), Bytes.toBytes(System.nanoTime())));
    }
  }

  /** Distinct churned names used so far. */
  long namesUsed() {
    return Math.min(nextName.get(), names);
  }

  Map<String, Long> refused() {
    Map<String, Long> out = new TreeMap<>();
    refused.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }

  long refusedTotal() {
    return refused.values().stream().mapToLong(LongAdder::sum).sum();
  }

  /** Stops the clients and waits for their calls in flight. */
  @Override
  public void close() throws InterruptedException {
    running.set(false);
    for (Thread t : threads) {
      t.join(120_000);
    }
  }
}
