package io.cake.hbase.rpc;

import io.cake.core.tenant.OperationType;
import org.apache.hadoop.hbase.ipc.CallQueueInfo;
import org.apache.hadoop.hbase.ipc.RpcScheduler;

/**
 * An RpcScheduler whose reported numbers are a stock scheduler's plus those of the calls Cake
 * holds ({@link CallCounts}): what the RegionServer's metrics and UI read. Routing is the
 * subclass's.
 */
abstract class ForwardingRpcScheduler extends RpcScheduler {
  private static final OperationType[] OPS = OperationType.values();
  protected final RpcScheduler delegate;

  ForwardingRpcScheduler(RpcScheduler delegate) {
    this.delegate = delegate;
  }

  /** Cake's counts; null before the scheduler is initialised. */
  protected abstract CallCounts counts();

  private int queued(OperationType op) {
    CallCounts c = counts();
    return c == null ? 0 : c.queued(op);
  }

  private int active(OperationType op) {
    CallCounts c = counts();
    return c == null ? 0 : c.active(op);
  }

  private int active() {
    CallCounts c = counts();
    return c == null ? 0 : c.active();
  }

  @Override
  public CallQueueInfo getCallQueueInfo() {
    CallCounts c = counts();
    return c == null ? delegate.getCallQueueInfo() : c.withCake(delegate.getCallQueueInfo());
  }

  @Override
  public int getGeneralQueueLength() {
    int cake = 0;
    for (OperationType op : OPS) {
      cake += queued(op);
    }
    return delegate.getGeneralQueueLength() + cake;
  }

  @Override
  public int getPriorityQueueLength() {
    return delegate.getPriorityQueueLength();
  }

  @Override
  public int getMetaPriorityQueueLength() {
    return delegate.getMetaPriorityQueueLength();
  }

  @Override
  public int getReplicationQueueLength() {
    return delegate.getReplicationQueueLength();
  }

  @Override
  public int getBulkLoadQueueLength() {
    return delegate.getBulkLoadQueueLength();
  }

  @Override
  public int getActiveRpcHandlerCount() {
    return delegate.getActiveRpcHandlerCount() + active();
  }

  @Override
  public int getActiveGeneralRpcHandlerCount() {
    return delegate.getActiveGeneralRpcHandlerCount() + active();
  }

  @Override
  public int getActivePriorityRpcHandlerCount() {
    return delegate.getActivePriorityRpcHandlerCount();
  }

  @Override
  public int getActiveMetaPriorityRpcHandlerCount() {
    return delegate.getActiveMetaPriorityRpcHandlerCount();
  }

  @Override
  public int getActiveReplicationRpcHandlerCount() {
    return delegate.getActiveReplicationRpcHandlerCount();
  }

  @Override
  public int getActiveBulkLoadRpcHandlerCount() {
    return delegate.getActiveBulkLoadRpcHandlerCount();
  }

  @Override
  public long getNumGeneralCallsDropped() {
    CallCounts c = counts();
    return delegate.getNumGeneralCallsDropped() + (c == null ? 0 : c.drops());
  }

  @Override
  public long getNumLifoModeSwitches() {
    return delegate.getNumLifoModeSwitches();
  }

  @Override
  public int getWriteQueueLength() {
    return delegate.getWriteQueueLength() + queued(OperationType.MUTATION);
  }

  @Override
  public int getReadQueueLength() {
    return delegate.getReadQueueLength() + queued(OperationType.GET);
  }

  @Override
  public int getScanQueueLength() {
    return delegate.getScanQueueLength() + queued(OperationType.SCAN);
  }

  @Override
  public int getActiveWriteRpcHandlerCount() {
    return delegate.getActiveWriteRpcHandlerCount() + active(OperationType.MUTATION);
  }

  @Override
  public int getActiveReadRpcHandlerCount() {
    return delegate.getActiveReadRpcHandlerCount() + active(OperationType.GET);
  }

  @Override
  public int getActiveScanRpcHandlerCount() {
    return delegate.getActiveScanRpcHandlerCount() + active(OperationType.SCAN);
  }
}
