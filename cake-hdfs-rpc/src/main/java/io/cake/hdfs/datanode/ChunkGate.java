package io.cake.hdfs.datanode;

import io.cake.core.sched.FairQueueScheduler;
import io.cake.core.sched.SoftLimitGate;
import io.cake.core.time.Clock;
import java.io.InterruptedIOException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How each chunk of a block read passes a {@link DataNodeReadScheduler}'s gate, and their counts.
 *
 * <p>What "blocked on the network" means here. In both DataNode send modes the slot is held only
 * for the disk part of one chunk:
 *
 * <ul>
 *   <li>transferTo (zero copy, the default): one gated call is one {@code FileChannel.transferTo}
 *       of at most one chunk into the DataNode's non-blocking socket; the kernel reads the file
 *       and fills the socket buffer in that syscall and returns short rather than block. Waiting
 *       for the socket to drain ({@code SocketOutputStream.waitForWritable}) happens between gated
 *       calls, without a slot.
 *   <li>copy mode ({@code dfs.datanode.transferTo.allowed=false}): one gated call is one read into
 *       the packet buffer; the socket write follows, without a slot.
 * </ul>
 *
 * So by default (chunk mode) the slot is simply given back after each chunk and every chunk queues
 * anew: a holder is never blocked on the network, nothing needs lending, and interleaving is per
 * chunk. With {@link HdfsSchedulerConfig#LEND_BETWEEN_CHUNKS_KEY} a block read instead keeps its
 * permit for the whole block, {@linkplain SoftLimitGate.Permit#lend() lends} it after each chunk
 * (while the DataNode is writing to the network) and reclaims it before the next one: Cake's
 * literal section 5.2 behaviour (soft limit + 1 per lender), with interleaving per block read.
 */
final class ChunkGate {
  private static final Logger LOG = LoggerFactory.getLogger(DataNodeReadScheduler.class);

  private final String name;
  private final Clock clock;
  private final SoftLimitGate gate;
  private final int chunkSize;
  private final long stallNanos;
  private final UngatedReads ungated;
  private final LongConsumer holdTimes;
  private volatile DataNodeReadScheduler.ChunkListener listener;

  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger maxInFlight = new AtomicInteger();
  private final AtomicLong boundViolations = new AtomicLong();
  private final AtomicLong gatedChunks = new AtomicLong();

  ChunkGate(String name, Clock clock, SoftLimitGate gate, int chunkSize, long stallNanos,
      UngatedReads ungated, LongConsumer holdTimes) {
    this.name = name;
    this.clock = clock;
    this.gate = gate;
    this.chunkSize = chunkSize;
    this.stallNanos = stallNanos;
    this.ungated = ungated;
    this.holdTimes = holdTimes;
  }

  int chunkSize() {
    return chunkSize;
  }

  /**
   * Lets one chunk of {@code n} bytes pass: waits for a slot (reclaims {@code permit}, the one the
   * session holds, if it lends between chunks) and returns the permit to hold while reading, null
   * if the chunk is read ungated. If interrupted, the gate has given the permit back.
   */
  SoftLimitGate.Permit begin(String tenant, String client, String volume, boolean lend,
      SoftLimitGate.Permit permit, int n) throws InterruptedIOException {
    DataNodeReadScheduler.ChunkListener l = listener;
    long t0 = l == null ? 0L : clock.nanoTime();
    if (volume != null && gate.stuckDevices().contains(volume)) {
      ungated.stuckVolume(); // logged by writeOffStuckReads
      if (permit != null) {
        permit.close(); // a lent permit: nothing to keep it for while the volume hangs
      }
      return null; // ungated: end() sees no permit
    }
    try {
      if (lend && permit != null) {
        permit.reclaim();
      } else {
        permit = gate.acquire(tenant, n, stallNanos, volume);
        if (permit == null) {
          ungated.stalled();
          return null; // ungated: end() sees no permit
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      InterruptedIOException ie =
          new InterruptedIOException("interrupted waiting for a disk slot at " + name);
      ie.initCause(e);
      throw ie;
    }
    int now = inFlight.incrementAndGet();
    maxInFlight.accumulateAndGet(now, Math::max);
    if (now > gate.limit() + gate.lent()) {
      boundViolations.incrementAndGet();
    }
    gatedChunks.incrementAndGet();
    if (l != null) {
      try {
        FairQueueScheduler<?> s = gate.scheduler();
        l.onChunk(tenant, client, n, s.queued() - s.queued(tenant), clock.nanoTime() - t0);
      } catch (RuntimeException e) {
        LOG.warn("chunk listener failed", e);
      }
    }
    return permit;
  }

  /**
   * The disk read of a chunk that passed with {@code permit} is over: lends it if the session
   * lends between chunks (and returns it, to reclaim), else gives it back (and returns null).
   */
  SoftLimitGate.Permit end(SoftLimitGate.Permit permit, boolean lend) {
    inFlight.decrementAndGet();
    holdTimes.accept(clock.nanoTime() - permit.grantedAtNanos());
    if (lend) {
      permit.lend();
      return permit;
    }
    permit.close();
    return null;
  }

  void setListener(DataNodeReadScheduler.ChunkListener l) {
    listener = l;
  }

  int inFlight() {
    return inFlight.get();
  }

  int maxInFlight() {
    return maxInFlight.get();
  }

  long boundViolations() {
    return boundViolations.get();
  }

  long gatedChunks() {
    return gatedChunks.get();
  }

  void resetCounters() {
    maxInFlight.set(inFlight.get());
    boundViolations.set(0);
  }
}
