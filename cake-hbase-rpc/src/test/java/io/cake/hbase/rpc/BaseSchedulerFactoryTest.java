package io.cake.hbase.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Abortable;
import org.apache.hadoop.hbase.ipc.PriorityFunction;
import org.apache.hadoop.hbase.ipc.RpcScheduler;
import org.apache.hadoop.hbase.regionserver.SimpleRpcSchedulerFactory;
import org.junit.jupiter.api.Test;

class BaseSchedulerFactoryTest {
  /** Another factory a cluster sets for the same key (as Phoenix does), recording what it built. */
  public static final class OtherFactory extends SimpleRpcSchedulerFactory {
    static final AtomicReference<RpcScheduler> BUILT = new AtomicReference<>();

    @Override
    public RpcScheduler create(Configuration conf, PriorityFunction priority, Abortable server) {
      RpcScheduler s = super.create(conf, priority, server);
      BUILT.set(s);
      return s;
    }
  }

  @Test
  void cakeWrapsTheSchedulerOfTheFactoryTheKeyNames() {
    Configuration conf = StartedSchedulers.conf("cake.hbase.base-scheduler-factory", OtherFactory.class.getName());
    RpcScheduler s = new CakeRpcSchedulerFactory().create(conf, StartedSchedulers.NORMAL, null);
    assertThat(s).isInstanceOf(CakeRpcScheduler.class);
    assertThat(OtherFactory.BUILT.get()).isNotNull();
    assertThat(((CakeRpcScheduler) s).delegate).isSameAs(OtherFactory.BUILT.get());
  }

  @Test
  void withoutTheKeyItIsStockHBases() {
    assertThat(CakeRpcSchedulerFactory.base(StartedSchedulers.conf())).isExactlyInstanceOf(SimpleRpcSchedulerFactory.class);
  }

  @Test
  void aBadValueFallsBackToStockHBasesRatherThanStoppingTheServer() {
    for (String bad : new String[] {"no.such.Factory", String.class.getName(), CakeRpcSchedulerFactory.class.getName(), ""}) {
      Configuration conf = StartedSchedulers.conf("cake.hbase.base-scheduler-factory", bad);
      assertThat(CakeRpcSchedulerFactory.base(conf)).as(bad).isExactlyInstanceOf(SimpleRpcSchedulerFactory.class);
      assertThat(new CakeRpcSchedulerFactory().create(conf, StartedSchedulers.NORMAL, null)).as(bad)
          .isInstanceOf(CakeRpcScheduler.class);
    }
  }
}
