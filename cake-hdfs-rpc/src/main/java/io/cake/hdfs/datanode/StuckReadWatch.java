package io.cake.hdfs.datanode;

import io.cake.core.sched.SoftLimitGate;
import io.cake.core.time.Clock;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The thread that writes off a {@link DataNodeReadScheduler}'s reads stuck on a hung volume.
 *
 * <p>A hung volume. One gate orders reads of every volume (shares and reservations are the
 * DataNode's, as in Cake), so reads stuck on one volume would hold slots the others need. A
 * watch thread {@linkplain SoftLimitGate#writeOffHeldSince writes off} reads holding a slot
 * longer than a {@link StuckReadThreshold} (relative to the reads that came back, and at least
 * {@link HdfsSchedulerConfig#STUCK_READ_MS_KEY}): their slots go to waiting reads, and
 * further reads of their volume skip the gate until they return. The stall timeout ({@link
 * HdfsSchedulerConfig#STALL_TIMEOUT_MS_KEY}) is the last resort behind that, for a gate that stops
 * turning over for any other reason.
 */
final class StuckReadWatch {
  private static final Logger LOG = LoggerFactory.getLogger(DataNodeReadScheduler.class);

  private final String name;
  private final Clock clock;
  private final SoftLimitGate gate;
  private final long stuckNanos;
  private final StuckReadThreshold threshold;
  private final AtomicBoolean loggedStuck = new AtomicBoolean();
  private ScheduledExecutorService watch;

  StuckReadWatch(String name, Clock clock, SoftLimitGate gate, long stuckReadMs) {
    this.name = name;
    this.clock = clock;
    this.gate = gate;
    this.stuckNanos = TimeUnit.MILLISECONDS.toNanos(stuckReadMs);
    this.threshold = new StuckReadThreshold(stuckNanos, clock.nanoTime());
  }

  /** A read held its slot {@code heldNanos} and came back: what the threshold learns from. */
  void completed(long heldNanos) {
    threshold.completed(heldNanos);
  }

  /** Starts the thread, once, if stuck reads are written off at all. */
  void start() {
    if (stuckNanos > 0 && watch == null) {
      watch = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "cake-stuck-reads-" + name);
        t.setDaemon(true);
        return t;
      });
      long period = Math.max(1L, stuckNanos / 4);
      watch.scheduleWithFixedDelay(this::tick, period, period, TimeUnit.NANOSECONDS);
    }
  }

  private void tick() {
    try {
      writeOff();
    } catch (RuntimeException e) {
      LOG.warn("Cake {}: stuck-read check failed", name, e); // and the next one runs
    }
  }

  /** See {@link DataNodeReadScheduler#writeOffStuckReads}. */
  int writeOff() {
    if (stuckNanos <= 0) {
      return 0;
    }
    long now = clock.nanoTime();
    long stuck = threshold.nanos(now);
    int n = gate.writeOffHeldSince(now - stuck);
    if (n > 0 && loggedStuck.compareAndSet(false, true)) {
      LOG.warn("Cake {}: {} disk read(s) held a slot for over {} ms ({} times the longest recent"
              + " read, at least {}), volume(s) {}: their slots go to other reads, and reads of"
              + " those volumes skip the gate until they return. Further ones are only counted"
              + " (StuckReads, StuckVolumes)", name, n, TimeUnit.NANOSECONDS.toMillis(stuck),
          StuckReadThreshold.FACTOR, HdfsSchedulerConfig.STUCK_READ_MS_KEY,
          gate.stuckDevices());
    }
    return n;
  }

  void stop() {
    if (watch != null) {
      watch.shutdownNow();
    }
  }
}
