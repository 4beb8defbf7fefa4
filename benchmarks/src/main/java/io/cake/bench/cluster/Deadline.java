package io.cake.bench.cluster;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** A wait for a condition of the embedded cluster, polled until it holds or its deadline passes. */
final class Deadline {
  private Deadline() {}

  static void await(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
    await(what, timeout, condition, () -> "");
  }

  static void await(String what, Duration timeout, BooleanSupplier condition, java.util.function.Supplier<String> state)
      throws InterruptedException {
    long end = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > end) {
        throw new IllegalStateException("timed out after " + timeout + " waiting for " + what + " " + state.get());
      }
      Thread.sleep(50); // polling a condition with a deadline
    }
  }
}
