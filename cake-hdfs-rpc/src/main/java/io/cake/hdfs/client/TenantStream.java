package io.cake.hdfs.client;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FSDataInputStream;

/**
 * One stream of an open file on one client, closed only when no read is using it. A stream is
 * retired when its file closes or its tenant's client is retired ({@link TenantClient#retire});
 * reads that hold it finish, later ones do not get it ({@link #acquire} says no), and the last
 * holder closes it. So retiring never fails a read in flight.
 */
final class TenantStream {
  private final FSDataInputStream in;
  private final TenantClient client;
  private final Runnable onClosed;
  private final AtomicInteger users = new AtomicInteger();
  private final AtomicBoolean closed = new AtomicBoolean();
  private volatile boolean retired;

  /** {@code client}: null for the base stream, which belongs to no tenant's client. */
  TenantStream(FSDataInputStream in, TenantClient client, Runnable onClosed) {
    this.in = in;
    this.client = client;
    this.onClosed = onClosed;
  }

  FSDataInputStream in() {
    return in;
  }

  TenantClient client() {
    return client;
  }

  /** Takes the stream for one read; false if it is retired (then it is not taken). */
  boolean acquire() {
    users.incrementAndGet();
    if (retired) {
      release();
      return false;
    }
    return true;
  }

  void release() {
    if (users.decrementAndGet() == 0 && retired) {
      closeNow();
    }
  }

  boolean retired() {
    return retired;
  }

  /** No new reads; closed now if none holds it, else by the last holder's release. */
  void retire() {
    retired = true;
    if (users.get() == 0) {
      closeNow();
    }
  }

  private void closeNow() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      in.close();
    } catch (IOException | RuntimeException e) {
      // the stream is gone either way; a close error leaves nothing to retry
    } finally {
      if (client != null) {
        client.removed(this);
      }
      onClosed.run();
    }
  }

  boolean isClosed() {
    return closed.get();
  }
}
