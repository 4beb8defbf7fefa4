package io.cake.hbase.rpc;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.monitoring.MonitoredRPCHandler;
import org.apache.hadoop.hbase.monitoring.TaskMonitor;

/**
 * The MonitoredRPCHandler of each Cake handler, one per pool slot. CallRunner.run() needs one set,
 * or it fails without replying; RpcServer's (protected) getStatus() keeps one per stock handler
 * thread.
 *
 * <p>TaskMonitor keeps every RPC status it ever made (in 2.6 its list of them is never purged;
 * markComplete, cleanup and expiry only concern its other tasks), and stock handler threads live
 * as long as the server. Cake's pool ends and starts handler threads whenever AIMD, the controller
 * or an operator resizes it, so one status per thread would grow TaskMonitor without bound. One
 * per slot does not: a slot's new thread takes over the status of the thread before it (WorkerPool
 * gives a slot one serving thread at a time), so there are at most as many as the largest pool.
 */
final class HandlerStatuses {
  private final List<MonitoredRPCHandler> bySlot = new ArrayList<>();

  /** The status of {@code slot}, for its new thread, the caller: made on the slot's first use. */
  synchronized MonitoredRPCHandler forSlot(int slot) {
    while (bySlot.size() <= slot) {
      bySlot.add(null);
    }
    String thread = Thread.currentThread().getName();
    MonitoredRPCHandler s = bySlot.get(slot);
    if (s == null) {
      s = TaskMonitor.get().createRPCStatus(thread);
      bySlot.set(slot, s);
    } else {
      s.setDescription(thread);
    }
    s.pause("Waiting for a call");
    return s;
  }

  /** Statuses made in TaskMonitor so far. */
  synchronized int created() {
    return (int) bySlot.stream().filter(s -> s != null).count();
  }
}
