package io.cake.controller.loop;

import io.cake.controller.policy.ResourceLoad;
import io.cake.core.sched.Allocation;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Every call to the DataNode's scheduler (finding it, reading it, setting it) runs on one daemon
 * thread of its own and is waited for at most {@code timeout}. A DataNode JVM, or a JMX endpoint,
 * that accepts and never answers would otherwise hang the controller's tick for good, and with it
 * everything that waits for the tick.
 *
 * <p>A call that timed out may still be running: RMI reads have no timeout of their own, and a
 * half-open connection (a host gone without a reset, a stopped JVM) never answers. So a timeout
 * also drops the connection ({@code dropConnection}), and the next call leaves the stuck thread to
 * its read and goes on a fresh thread over a fresh connection: a DataNode that answers again is
 * steered again from the next interval. Should that call hang too while the first is still parked,
 * further calls fail at once until one of them returns: at most two threads are ever parked on a
 * silent DataNode, and meanwhile the last allocation stays in force (fail-static).
 */
public final class BoundedPort implements Supplier<FirstLevelPort>, AutoCloseable {
  private final Supplier<FirstLevelPort> find;
  private final Duration timeout;
  private final String threadName;
  private final Runnable dropConnection;
  private volatile ExecutorService thread;
  private volatile Future<?> stuck;
  private volatile String stuckCall;
  /** A stuck call left to its read for a fresh thread; until it returns, no second one is. */
  private volatile Future<?> abandoned;

  public BoundedPort(Supplier<FirstLevelPort> find, Duration timeout, String threadName) {
    this(find, timeout, threadName, () -> {});
  }

  /** @param dropConnection forgets the connection a call timed out on, so the next one makes a new one */
  public BoundedPort(Supplier<FirstLevelPort> find, Duration timeout, String threadName, Runnable dropConnection) {
    this.find = Objects.requireNonNull(find);
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive, got " + timeout);
    }
    this.timeout = timeout;
    this.threadName = threadName;
    this.dropConnection = Objects.requireNonNull(dropConnection);
    this.thread = newThread();
  }

  private ExecutorService newThread() {
    return Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, threadName);
      t.setDaemon(true);
      return t;
    });
  }

  /** The DataNode's port with every method bounded, or null if none is reachable now. */
  @Override
  public FirstLevelPort get() {
    try {
      FirstLevelPort port = call("finding the DataNode scheduler", find::get);
      return port == null ? null : new Bounded(port);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  <T> T call(String what, Callable<T> body) throws IOException {
    Future<?> previous = stuck;
    if (previous != null && !previous.isDone()) {
      Future<?> older = abandoned;
      if (older != null && !older.isDone()) {
        throw new IOException(stuckCall + " has not returned yet (timed out after " + timeout.toMillis()
            + " ms), nor has the call before it; no new DataNode call until one does");
      }
      // Leave it parked on the connection it timed out on, and go on with a fresh thread.
      abandoned = previous;
      stuck = null;
      ExecutorService old = thread;
      thread = newThread();
      old.shutdown(); // its thread ends once its read returns
    }
    Future<T> f = thread.submit(body);
    try {
      return f.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      // Not cancelled: a cancelled future reads as done while its thread is still parked.
      stuck = f;
      stuckCall = what;
      dropConnection.run();
      throw new IOException(what + " did not answer within " + timeout.toMillis() + " ms");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while " + what);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      if (cause instanceof RuntimeException re) {
        throw re; // e.g. a refused allocation: the caller tells these apart
      }
      throw new IOException(what + " failed: " + cause, cause);
    }
  }

  @Override
  public void close() {
    thread.shutdownNow();
  }

  /** Calls that timed out and have not returned: threads parked on a silent DataNode (at most 2). */
  int parked() {
    int n = 0;
    for (Future<?> f : new Future<?>[] {stuck, abandoned}) {
      n += f != null && !f.isDone() ? 1 : 0;
    }
    return n;
  }

  private final class Bounded implements FirstLevelPort {
    private final FirstLevelPort port;

    Bounded(FirstLevelPort port) {
      this.port = port;
    }

    @Override
    public String name() {
      return port.name();
    }

    @Override
    public ResourceLoad load() throws IOException {
      return call("reading DataNode scheduler " + port.name(), port::load);
    }

    @Override
    public Allocation allocation() throws IOException {
      return call("reading the allocation of " + port.name(), port::allocation);
    }

    @Override
    public void setAllocation(Allocation allocation) throws IOException {
      call("setting the allocation of " + port.name(), () -> {
        port.setAllocation(allocation);
        return null;
      });
    }
  }
}
