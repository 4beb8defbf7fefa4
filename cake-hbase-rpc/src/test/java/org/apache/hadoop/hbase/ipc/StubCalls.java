package org.apache.hadoop.hbase.ipc;

import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.RequestHeader;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Real {@link CallRunner}s (whose constructor is package-private) around a stub RpcCall and
 * RpcServerInterface, so a scheduler runs calls through HBase's own CallRunner.run() without a
 * RegionServer. The call is a single-row Get (or a Scan) of the given tenant (request attribute
 * {@code cake.tenant}); the server's call() runs {@code body}, which may block or throw.
 */
public final class StubCalls {
  private StubCalls() {}

  public static CallRunner get(String tenant, Runnable body) {
    return call("Get", tenant, body);
  }

  public static CallRunner scan(String tenant, Runnable body) {
    return call("Scan", tenant, body);
  }

  private static CallRunner call(String method, String tenant, Runnable body) {
    RpcServerInterface server =
        (RpcServerInterface)
            Proxy.newProxyInstance(
                StubCalls.class.getClassLoader(),
                new Class<?>[] {RpcServerInterface.class},
                (p, m, a) ->
                    switch (m.getName()) {
                      case "isStarted" -> true;
                      case "call" -> {
                        body.run();
                        yield null;
                      }
                      case "hashCode" -> System.identityHashCode(p);
                      case "equals" -> p == a[0];
                      case "toString" -> "stub-server";
                      default -> defaultOf(m.getReturnType());
                    });
    RequestHeader header = RequestHeader.newBuilder().setCallId(1).setMethodName(method).build();
    long received = System.currentTimeMillis();
    RpcCall call =
        (RpcCall)
            Proxy.newProxyInstance(
                StubCalls.class.getClassLoader(),
                new Class<?>[] {RpcCall.class},
                (p, m, a) ->
                    switch (m.getName()) {
                      case "getHeader" -> header;
                      case "getRequestUser" -> Optional.empty();
                      case "getRequestAttribute" -> "cake.tenant".equals(a[0]) ? Bytes.toBytes(tenant) : null;
                      case "getConnectionAttributes" -> Map.of();
                      case "getReceiveTime" -> received;
                      case "getDeadline" -> Long.MAX_VALUE;
                      case "disconnectSince" -> -1L;
                      case "getRemoteAddress" -> InetAddress.getLoopbackAddress();
                      case "toShortString", "toString" -> "stub-call of " + tenant;
                      case "hashCode" -> System.identityHashCode(p);
                      case "equals" -> p == a[0];
                      default -> defaultOf(m.getReturnType());
                    });
    return new CallRunner(server, call);
  }

  private static Object defaultOf(Class<?> t) {
    if (!t.isPrimitive()) {
      return t == Optional.class ? Optional.empty() : null;
    }
    if (t == boolean.class) {
      return false;
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
    return t == void.class ? null : (Object) 0;
  }
}
