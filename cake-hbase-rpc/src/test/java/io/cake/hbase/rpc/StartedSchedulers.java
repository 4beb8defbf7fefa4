package io.cake.hbase.rpc;

import io.cake.core.time.Clock;
import java.net.InetSocketAddress;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Abortable;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ipc.PriorityFunction;
import org.apache.hadoop.hbase.ipc.RpcScheduler;
import org.apache.hadoop.hbase.ipc.SimpleRpcScheduler;
import org.apache.hadoop.hbase.security.User;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.RequestHeader;

/** Cake's scheduler around a real, small, idle stock scheduler, started, for tests without a cluster. */
final class StartedSchedulers {
  /** Every call at normal priority, so every call is Cake's. */
  static final PriorityFunction NORMAL =
      new PriorityFunction() {
        @Override
        public int getPriority(RequestHeader header, Message param, User user) {
          return HConstants.NORMAL_QOS;
        }

        @Override
        public long getDeadline(RequestHeader header, Message param) {
          return 0;
        }
      };

  private StartedSchedulers() {}

  /** A small fixed pool (4 handlers, AIMD off), no JMX, then {@code kv} (key, value, ...). */
  static Configuration conf(String... kv) {
    Configuration c = new Configuration(false);
    c.set("cake.hbase.jmx.enabled", "false");
    c.set("cake.hbase.aimd.enabled", "false");
    c.set("cake.hbase.aimd.min", "4");
    c.set("cake.hbase.handlers.initial", "4");
    for (int i = 0; i < kv.length; i += 2) {
      c.set(kv[i], kv[i + 1]);
    }
    return c;
  }

  /** @param server aborted past the handler error limit; null: none */
  static CakeRpcScheduler start(Configuration conf, Abortable server) {
    return start(conf, server, Clock.system());
  }

  /** @param clock what the scheduler times calls and intervals by */
  static CakeRpcScheduler start(Configuration conf, Abortable server, Clock clock) {
    CakeRpcScheduler s =
        new CakeRpcScheduler(conf, new SimpleRpcScheduler(conf, 2, 1, 0, NORMAL, 10), NORMAL, server, clock);
    s.init(
        new RpcScheduler.Context() {
          @Override
          public InetSocketAddress getListenerAddress() {
            return new InetSocketAddress("localhost", 0);
          }
        });
    s.start();
    return s;
  }
}
