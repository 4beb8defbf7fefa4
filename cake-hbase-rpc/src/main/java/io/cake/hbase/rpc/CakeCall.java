package io.cake.hbase.rpc;

import io.cake.core.tenant.OperationType;
import org.apache.hadoop.hbase.ipc.CallRunner;

/**
 * A normal-priority call queued in Cake, with what was read from it at dispatch: the RpcCall is
 * gone from the CallRunner once it ran or was dropped.
 *
 * @param receiveMillis when the RPC layer decoded the call (EnvironmentEdge ms)
 * @param dispatchMillis when dispatch() saw it (same clock)
 * @param deadlineMillis the client's deadline (receive + rpc timeout), Long.MAX_VALUE if none
 */
record CakeCall(
    CallRunner runner,
    String tenant,
    OperationType op,
    boolean singleRowGet,
    String method,
    long size,
    long receiveMillis,
    long dispatchMillis,
    long deadlineMillis) {

  /** This call, served as {@code tenant} (over its own tenant's contract). */
  CakeCall servedAs(String tenant) {
    return new CakeCall(runner, tenant, op, singleRowGet, method, size, receiveMillis, dispatchMillis, deadlineMillis);
  }
}
