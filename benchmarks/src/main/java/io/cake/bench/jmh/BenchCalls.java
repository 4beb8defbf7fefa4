package io.cake.bench.jmh;

import io.cake.hbase.rpc.CakeRpcSchedulerFactory;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.ipc.PriorityFunction;
import org.apache.hadoop.hbase.ipc.RpcCall;
import org.apache.hadoop.hbase.ipc.RpcScheduler;
import org.apache.hadoop.hbase.ipc.RpcServerInterface;
import org.apache.hadoop.hbase.regionserver.SimpleRpcSchedulerFactory;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos;
import org.apache.hbase.thirdparty.com.google.protobuf.ByteString;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/**
 * What the dispatch benchmarks send: real Get request headers and params in RpcCalls proxied
 * outside a server, carrying the {@code cake.tenant} attribute. Each call reports its client as
 * disconnected, so a handler's {@code CallRunner.run()} returns at once, and ends with {@code
 * cleanup()}, where the benchmark counts it as handled.
 */
final class BenchCalls {
  static final PriorityFunction NORMAL =
      new PriorityFunction() {
        @Override
        public int getPriority(RPCProtos.RequestHeader h, Message p, User u) {
          return HConstants.NORMAL_QOS;
        }

        @Override
        public long getDeadline(RPCProtos.RequestHeader h, Message p) {
          return 0;
        }
      };

  static final RPCProtos.RequestHeader HEADER =
      RPCProtos.RequestHeader.newBuilder().setCallId(1).setMethodName("Get").setRequestParam(true).build();

  static final ClientProtos.GetRequest PARAM =
      ClientProtos.GetRequest.newBuilder()
          .setRegion(
              HBaseProtos.RegionSpecifier.newBuilder()
                  .setType(HBaseProtos.RegionSpecifier.RegionSpecifierType.ENCODED_REGION_NAME)
                  .setValue(ByteString.copyFromUtf8("0123456789abcdef0123456789abcdef")))
          .setGet(toGet())
          .build();

  /** A server whose every method returns its type's default: CallRunner only needs one to exist. */
  static final RpcServerInterface SERVER =
      (RpcServerInterface) Proxy.newProxyInstance(
          BenchCalls.class.getClassLoader(), new Class<?>[] {RpcServerInterface.class},
          (p, m, a) -> defaultOf(m.getReturnType()));

  private BenchCalls() {}

  private static ClientProtos.Get toGet() {
    try {
      return ProtobufUtil.toGet(new Get("user123".getBytes(StandardCharsets.UTF_8)));
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  static byte[] tenant(String name) {
    return name.getBytes(StandardCharsets.UTF_8);
  }

  /** A call of {@code tenant}; {@code handled} runs when a handler has finished it. */
  static RpcCall call(byte[] tenant, Runnable handled) {
    return (RpcCall) Proxy.newProxyInstance(
        BenchCalls.class.getClassLoader(),
        new Class<?>[] {RpcCall.class},
        (p, m, a) -> switch (m.getName()) {
          case "getHeader" -> HEADER;
          case "getParam" -> PARAM;
          case "getRequestUser" -> Optional.empty();
          case "getRequestAttribute" -> "cake.tenant".equals(a[0]) ? tenant : null;
          case "getConnectionAttributes" -> Map.of();
          case "getSize" -> 128L;
          case "getReceiveTime", "getStartTime" -> System.currentTimeMillis();
          case "getDeadline" -> Long.MAX_VALUE;
          case "disconnectSince" -> 0L; // the client is gone: run() returns at once
          case "cleanup" -> {
            handled.run(); // CallRunner.run() always ends with call.cleanup()
            yield null;
          }
          case "toShortString", "toString" -> "bench-call";
          case "hashCode" -> System.identityHashCode(p);
          case "equals" -> p == a[0];
          default -> defaultOf(m.getReturnType());
        });
  }

  /** The stock or the Cake scheduler, built by its factory as a RegionServer would, started. */
  static RpcScheduler started(String kind, Configuration conf) {
    RpcScheduler s =
        kind.equals("cake")
            ? new CakeRpcSchedulerFactory().create(conf, NORMAL, null)
            : new SimpleRpcSchedulerFactory().create(conf, NORMAL, null);
    s.init(
        new RpcScheduler.Context() {
          @Override
          public InetSocketAddress getListenerAddress() {
            return new InetSocketAddress("localhost", 16020);
          }
        });
    s.start();
    return s;
  }

  private static Object defaultOf(Class<?> t) {
    if (!t.isPrimitive()) {
      return t == Optional.class ? Optional.empty() : null;
    }
    if (t == boolean.class) {
      return false;
    }
    if (t == void.class) {
      return null;
    }
    if (t == long.class) {
      return 0L;
    }
    if (t == int.class) {
      return 0;
    }
    if (t == double.class) {
      return 0.0;
    }
    if (t == float.class) {
      return 0f;
    }
    if (t == short.class) {
      return (short) 0;
    }
    if (t == byte.class) {
      return (byte) 0;
    }
    return (char) 0;
  }
}
