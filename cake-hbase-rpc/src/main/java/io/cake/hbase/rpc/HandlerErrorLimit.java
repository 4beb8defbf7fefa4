package io.cake.hbase.rpc;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stock HBase's rule for an {@link Error} (OutOfMemoryError, StackOverflowError, ...) thrown by a
 * call in a handler (RpcHandler in 2.6): every such Error is counted, never forgotten, and once
 * more than {@code percent} times the number of handlers have failed the server aborts; a negative
 * percent never aborts. An Error may leave the JVM in a state no call should be served in, so a
 * server that keeps throwing them goes away rather than limp on. Here the number of handlers is the
 * pool size when the Error happens, since AIMD moves it.
 */
final class HandlerErrorLimit {
  private final double percent;
  private final AtomicInteger errors = new AtomicInteger();

  HandlerErrorLimit(double percent) {
    this.percent = percent;
  }

  /**
   * Whether {@code errors} Errors so far, with {@code handlers} handlers, call for an abort. The
   * comparison is stock's, so NaN never aborts, as there.
   */
  static boolean exceeded(double percent, int handlers, int errors) {
    return percent >= 0 && errors > handlers * percent;
  }

  /** Counts one Error; true if the server should abort now. */
  boolean countError(int handlers) {
    return exceeded(percent, handlers, errors.incrementAndGet());
  }

  double percent() {
    return percent;
  }

  int errors() {
    return errors.get();
  }
}
