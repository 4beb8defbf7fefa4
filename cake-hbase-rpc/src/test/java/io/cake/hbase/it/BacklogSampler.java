package io.cake.hbase.it;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * Samples a condition every 50 ms on its own thread while a measurement runs: "was the batch queued
 * during the phase" is a fraction over the phase, not one look at its end.
 */
final class BacklogSampler {
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final AtomicInteger samples = new AtomicInteger();
  private final AtomicInteger hits = new AtomicInteger();
  private final Thread thread;

  private BacklogSampler(BooleanSupplier condition) {
    thread = new Thread(() -> {
      while (running.get()) {
        samples.incrementAndGet();
        if (condition.getAsBoolean()) {
          hits.incrementAndGet();
        }
        try {
          Thread.sleep(50); // the sampling period
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "backlog-sampler");
    thread.setDaemon(true);
  }

  static BacklogSampler start(BooleanSupplier condition) {
    BacklogSampler b = new BacklogSampler(condition);
    b.thread.start();
    return b;
  }

  void stop() throws InterruptedException {
    running.set(false);
    thread.join();
  }

  /** The fraction of samples in which the condition held; 0 when none were taken. */
  double fraction() {
    int n = samples.get();
    return n == 0 ? 0 : (double) hits.get() / n;
  }
}
