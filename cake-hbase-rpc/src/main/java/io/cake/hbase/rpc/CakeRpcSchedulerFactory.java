package io.cake.hbase.rpc;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Abortable;
import org.apache.hadoop.hbase.ipc.PriorityFunction;
import org.apache.hadoop.hbase.ipc.RpcScheduler;
import org.apache.hadoop.hbase.master.HMaster;
import org.apache.hadoop.hbase.master.MasterRpcServices;
import org.apache.hadoop.hbase.regionserver.RpcSchedulerFactory;
import org.apache.hadoop.hbase.regionserver.SimpleRpcSchedulerFactory;

/**
 * Set {@code hbase.region.server.rpc.scheduler.factory.class} to this class. On a RegionServer it
 * builds a {@link CakeRpcScheduler} around a stock SimpleRpcScheduler (which keeps serving control
 * traffic); the HMaster reads the same key and gets the plain SimpleRpcScheduler.
 *
 * <p>{@code create} runs inside the server's constructor: only {@code instanceof} is safe on it.
 * The scheduler keeps it to abort the server when handlers keep failing with Errors, as stock
 * handlers do.
 */
public class CakeRpcSchedulerFactory implements RpcSchedulerFactory {
  @Override
  public RpcScheduler create(Configuration conf, PriorityFunction priority, Abortable server) {
    RpcScheduler stock = new SimpleRpcSchedulerFactory().create(conf, priority, server);
    // HMaster extends HRegionServer in 2.x: test for the master first. The deprecated overload
    // passes no server, then the priority function tells.
    if (server instanceof HMaster || priority instanceof MasterRpcServices) {
      return stock;
    }
    return new CakeRpcScheduler(conf, stock, priority, server);
  }

  @Override
  @Deprecated
  public RpcScheduler create(Configuration conf, PriorityFunction priority) {
    return create(conf, priority, null);
  }
}
