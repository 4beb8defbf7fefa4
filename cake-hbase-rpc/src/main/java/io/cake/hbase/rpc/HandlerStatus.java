package io.cake.hbase.rpc;

import org.apache.hadoop.hbase.monitoring.MonitoredRPCHandler;
import org.apache.hadoop.hbase.monitoring.TaskMonitor;

/**
 * The MonitoredRPCHandler of the current handler thread, created once per thread as RpcServer's
 * (protected) getStatus() does. CallRunner.run() needs it set, or it fails without replying.
 */
final class HandlerStatus {
  private static final ThreadLocal<MonitoredRPCHandler> STATUS = new ThreadLocal<>();

  private HandlerStatus() {}

  static MonitoredRPCHandler get() {
    MonitoredRPCHandler s = STATUS.get();
    if (s == null) {
      s = TaskMonitor.get().createRPCStatus(Thread.currentThread().getName());
      s.pause("Waiting for a call");
      STATUS.set(s);
    }
    return s;
  }
}
