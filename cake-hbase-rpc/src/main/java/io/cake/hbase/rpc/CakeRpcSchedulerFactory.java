package io.cake.hbase.rpc;

import io.cake.core.level.CakeVersion;
import io.cake.hbase.config.CakeHBaseConfig;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Abortable;
import org.apache.hadoop.hbase.ipc.PriorityFunction;
import org.apache.hadoop.hbase.ipc.RpcScheduler;
import org.apache.hadoop.hbase.master.HMaster;
import org.apache.hadoop.hbase.master.MasterRpcServices;
import org.apache.hadoop.hbase.regionserver.RpcSchedulerFactory;
import org.apache.hadoop.hbase.regionserver.SimpleRpcSchedulerFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Set {@code hbase.region.server.rpc.scheduler.factory.class} to this class. On a RegionServer it
 * builds a {@link CakeRpcScheduler} around the scheduler of {@code cake.hbase.base-scheduler-factory}
 * (stock HBase's SimpleRpcSchedulerFactory by default), which keeps serving control traffic; the
 * HMaster reads the same key and gets the base scheduler alone.
 *
 * <p>{@code create} runs inside the server's constructor: only {@code instanceof} is safe on it.
 * The scheduler keeps it to abort the server when handlers keep failing with Errors, as stock
 * handlers do.
 */
public class CakeRpcSchedulerFactory implements RpcSchedulerFactory {
  private static final Logger LOG = LoggerFactory.getLogger(CakeRpcSchedulerFactory.class);

  @Override
  public RpcScheduler create(Configuration conf, PriorityFunction priority, Abortable server) {
    RpcScheduler base = base(conf).create(conf, priority, server);
    // HMaster extends HRegionServer in 2.x: test for the master first. The deprecated overload
    // passes no server, then the priority function tells.
    if (server instanceof HMaster || priority instanceof MasterRpcServices) {
      CakeVersion.register(); // so that cake doctor sees which Cake the HMaster has
      return base;
    }
    return new CakeRpcScheduler(conf, base, priority, server);
  }

  /**
   * The factory Cake wraps. A bad value must not stop the server: it gets stock HBase's base,
   * with an ERROR naming the key.
   */
  static RpcSchedulerFactory base(Configuration conf) {
    String name = conf.getTrimmed(CakeHBaseConfig.BASE_SCHEDULER_FACTORY, CakeHBaseConfig.DEFAULT_BASE_SCHEDULER_FACTORY);
    try {
      Class<?> c = conf.getClassByName(name);
      if (!RpcSchedulerFactory.class.isAssignableFrom(c)) {
        throw new IllegalArgumentException("is not an " + RpcSchedulerFactory.class.getName());
      }
      if (CakeRpcSchedulerFactory.class.isAssignableFrom(c)) {
        throw new IllegalArgumentException("is Cake's own factory; name the one Cake should wrap");
      }
      return (RpcSchedulerFactory) c.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      LOG.error("Cake: {} = {} {}; wrapping stock HBase's SimpleRpcSchedulerFactory instead",
          CakeHBaseConfig.BASE_SCHEDULER_FACTORY, name,
          e instanceof IllegalArgumentException ? e.getMessage() : "cannot be loaded: " + e);
      return new SimpleRpcSchedulerFactory();
    }
  }

  @Override
  @Deprecated
  public RpcScheduler create(Configuration conf, PriorityFunction priority) {
    return create(conf, priority, null);
  }
}
