package io.cake.hbase.rpc;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stock HBase's rule for an {@link Error} (OutOfMemoryError, StackOverflowError, ...) thrown by a
 * call in a handler (RpcHandler in 2.6): every such Error is counted, never forgotten, and once
 * more than {@code percent} times the number of handlers have failed the server aborts; a negative
 * percent never aborts. An Error may leave the JVM in a state no call should be served in, so a
 * server that keeps throwing them goes away rather than limp on. The handlers counted are the ones
 * configured ({@code hbase.regionserver.handler.count}), as stock counts them, or the pool's size
 * when AIMD has grown it past that: AIMD shrinks the pool under load, and counted against a pool
 * of 4 the third Error would abort a server stock HBase keeps serving until its sixteenth.
 */
final class HandlerErrorLimit {
  private final double percent;
  private final int configuredHandlers;
  private final AtomicInteger errors = new AtomicInteger();

  HandlerErrorLimit(double percent, int configuredHandlers) {
    this.percent = percent;
    this.configuredHandlers = configuredHandlers;
  }

  /**
   * Whether {@code errors} Errors so far, with {@code handlers} handlers, call for an abort. The
   * comparison is stock's, so NaN never aborts, as there.
   */
  static boolean exceeded(double percent, int handlers, int errors) {
    return percent >= 0 && errors > handlers * percent;
  }

  /** Counts one Error with the pool at {@code poolSize} handlers; true if the server should abort now. */
  boolean countError(int poolSize) {
    return exceeded(percent, handlers(poolSize), errors.incrementAndGet());
  }

  /** The handlers the Errors are counted against, with the pool at {@code poolSize}. */
  int handlers(int poolSize) {
    return Math.max(configuredHandlers, poolSize);
  }

  double percent() {
    return percent;
  }

  int errors() {
    return errors.get();
  }
}
