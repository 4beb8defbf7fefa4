package org.apache.hadoop.hbase.ipc;

/**
 * Builds real {@link CallRunner}s outside a server, for the dispatch benchmark (CallRunner's
 * constructor is package-private). Not used by the harness.
 */
public final class BenchCallRunners {
  private BenchCallRunners() {}

  public static CallRunner of(RpcServerInterface server, RpcCall call) {
    return new CallRunner(server, call);
  }
}
