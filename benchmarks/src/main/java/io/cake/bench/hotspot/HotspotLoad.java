package io.cake.bench.hotspot;

import io.cake.bench.load.Windows;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;

/**
 * The two tenants of the hotspot, each on its own connection (its tenant as a request attribute):
 * the front end's gets, open loop at Poisson arrivals over the hot rows, each timed from its
 * scheduled start (so a stall counts for every request it delays); batch's scans of the hot rows,
 * closed loop, counted in bytes. A failed get counts as a slow request and is counted.
 */
final class HotspotLoad {
  private static final int FRONTEND_THREADS = 64;

  private final Connection frontend;
  private final Connection batch;
  private final long hotRows;
  private final double rate;
  private final int batchThreads;
  private final long seed;

  HotspotLoad(Connection frontend, Connection batch, long hotRows, double rate, int batchThreads, long seed) {
    this.frontend = frontend;
    this.batch = batch;
    this.hotRows = hotRows;
    this.rate = rate;
    this.batchThreads = batchThreads;
    this.seed = seed;
  }

  /** Runs both for {@code seconds}, calling {@code everyWindow} at each window's end; blocks. */
  void run(Windows gets, Windows scans, double seconds, Runnable everyWindow) throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    long start = System.nanoTime();
    ExecutorService workers = Executors.newFixedThreadPool(FRONTEND_THREADS);
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < batchThreads; i++) {
      long s = seed + 1 + i;
      threads.add(started(new Thread(() -> scanLoop(scans, start, stop, s), "hotspot-batch-" + i)));
    }
    threads.add(started(new Thread(() -> arrivals(gets, workers, start, seconds, stop), "hotspot-arrivals")));
    long windowNanos = (long) (gets.windowSeconds() * 1e9);
    for (int w = 1; w <= gets.count(); w++) {
      long due = start + w * windowNanos;
      long now;
      while ((now = System.nanoTime()) < due) {
        TimeUnit.NANOSECONDS.sleep(due - now); // pacing the sampler, not synchronising with the load
      }
      everyWindow.run();
    }
    stop.set(true);
    workers.shutdown();
    workers.awaitTermination(120, TimeUnit.SECONDS);
    for (Thread t : threads) {
      t.join(120_000);
    }
  }

  private static Thread started(Thread t) {
    t.setDaemon(true);
    t.start();
    return t;
  }

  private void arrivals(Windows gets, ExecutorService workers, long start, double seconds, AtomicBoolean stop) {
    Random rnd = new Random(seed);
    long end = start + (long) (seconds * 1e9);
    double at = 0;
    try (Table t = frontend.getTable(HotspotTable.TABLE)) {
      while (!stop.get()) {
        at += -Math.log(1 - rnd.nextDouble()) / rate;
        long scheduled = start + (long) (at * 1e9);
        if (scheduled >= end) {
          return;
        }
        long wait = scheduled - System.nanoTime();
        if (wait > 0) {
          TimeUnit.NANOSECONDS.sleep(wait);
        }
        byte[] row = HotspotTable.row((long) (rnd.nextDouble() * hotRows));
        workers.execute(() -> {
          boolean ok;
          long bytes = 0;
          try {
            Result r = t.get(new Get(row));
            ok = !r.isEmpty();
            bytes = ok ? r.getValue(HotspotTable.FAMILY, HotspotTable.QUALIFIER).length : 0;
          } catch (Exception e) {
            ok = false;
          }
          gets.record(scheduled - start, System.nanoTime() - scheduled, bytes, ok);
        });
      }
    } catch (Exception e) {
      throw new IllegalStateException("the front end's arrivals stopped", e);
    }
  }

  private void scanLoop(Windows scans, long start, AtomicBoolean stop, long s) {
    Random rnd = new Random(s);
    try (Table t = batch.getTable(HotspotTable.TABLE)) {
      while (!stop.get()) {
        long from = (long) (rnd.nextDouble() * hotRows);
        long began = System.nanoTime();
        long bytes = 0;
        boolean ok = true;
        Scan scan = new Scan().withStartRow(HotspotTable.row(from)).withStopRow(HotspotTable.row(Math.min(hotRows, from + 256)))
            .setCacheBlocks(false).setCaching(64);
        try (ResultScanner rs = t.getScanner(scan)) {
          for (Result r; !stop.get() && (r = rs.next()) != null; ) {
            bytes += r.getValue(HotspotTable.FAMILY, HotspotTable.QUALIFIER).length;
          }
        } catch (Exception e) {
          ok = false;
        }
        scans.record(began - start, System.nanoTime() - began, bytes, ok);
      }
    } catch (Exception e) {
      throw new IllegalStateException("a batch scanner stopped", e);
    }
  }
}
