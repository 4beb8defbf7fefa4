package io.cake.bench.jmh;

import io.cake.core.sched.FairQueueScheduler;
import io.cake.core.sched.Ticket;
import io.cake.core.time.Clock;
import io.cake.hbase.rpc.CakeRpcSchedulerFactory;
import io.cake.hbase.tenant.OperationClassifier;
import io.cake.hbase.tenant.TenantResolver;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ipc.BenchCallRunners;
import org.apache.hadoop.hbase.ipc.CallRunner;
import org.apache.hadoop.hbase.ipc.PriorityFunction;
import org.apache.hadoop.hbase.ipc.RpcCall;
import org.apache.hadoop.hbase.ipc.RpcScheduler;
import org.apache.hadoop.hbase.ipc.RpcServerInterface;
import org.apache.hadoop.hbase.regionserver.SimpleRpcSchedulerFactory;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hbase.thirdparty.com.google.protobuf.ByteString;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The HBase dispatch hot path, two ways.
 *
 * <ul>
 *   <li>{@code dispatch}: {@code RpcScheduler.dispatch(CallRunner)} and the hand-off to a handler, of the stock
 *       SimpleRpcScheduler and of CakeRpcScheduler (both built by their factories, started, with
 *       their handler threads draining), on real CallRunner objects around a proxied RpcCall
 *       carrying a real Get request header and param and the {@code cake.tenant} attribute. The
 *       call reports its client as disconnected, so a handler's {@code run()} returns at once:
 *       what is measured is priority, classification, tenant resolution and queueing on the
 *       dispatching (event-loop) thread plus the wake-up of a handler, one call in flight.
 *       Rejections (queue full; there should be none) are counted and printed at tear-down.
 *   <li>{@code resolveClassifyOfferPoll}: the same steps without threads: TenantResolver +
 *       OperationClassifier + FairQueueScheduler offer and poll, single-threaded.
 * </ul>
 *
 * <p>Run: {@code ./cake-bench jmh DispatchBenchmark} (needs the full classpath, not benchmarks.jar).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
  "-Dorg.apache.hbase.thirdparty.io.netty.tryReflectionSetAccessible=true",
  "--add-opens", "java.base/java.lang=ALL-UNNAMED",
  "--add-opens", "java.base/java.nio=ALL-UNNAMED",
  "--add-opens", "java.base/java.util=ALL-UNNAMED",
  "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
@State(Scope.Thread)
public class DispatchBenchmark {
  @Param({"stock", "cake"})
  String scheduler;

  private RpcScheduler rpcScheduler;
  private RpcServerInterface server;
  private RpcCall[] calls;
  private int next;
  private final AtomicLong rejected = new AtomicLong();
  private final AtomicLong handled = new AtomicLong();
  private long sent;

  private TenantResolver resolver;
  private FairQueueScheduler<Object> queues;
  private RPCProtos.RequestHeader header;
  private ClientProtos.GetRequest param;
  private byte[][] tenants;
  private final Object item = new Object();

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    Configuration conf = HBaseConfiguration.create();
    conf.setInt("hbase.regionserver.handler.count", 10);
    conf.setBoolean("cake.hbase.jmx.enabled", false);
    conf.set("cake.hbase.tenant.frontend.share", "9");
    conf.set("cake.hbase.tenant.batch.share", "1");
    PriorityFunction priority =
        new PriorityFunction() {
          @Override
          public int getPriority(RPCProtos.RequestHeader h, org.apache.hbase.thirdparty.com.google.protobuf.Message p,
              org.apache.hadoop.hbase.security.User u) {
            return HConstants.NORMAL_QOS;
          }

          @Override
          public long getDeadline(RPCProtos.RequestHeader h, org.apache.hbase.thirdparty.com.google.protobuf.Message p) {
            return 0;
          }
        };
    rpcScheduler =
        scheduler.equals("cake")
            ? new CakeRpcSchedulerFactory().create(conf, priority, null)
            : new SimpleRpcSchedulerFactory().create(conf, priority, null);
    rpcScheduler.init(
        new RpcScheduler.Context() {
          @Override
          public InetSocketAddress getListenerAddress() {
            return new InetSocketAddress("localhost", 16020);
          }
        });
    rpcScheduler.start();

    header = RPCProtos.RequestHeader.newBuilder().setCallId(1).setMethodName("Get").setRequestParam(true).build();
    param =
        ClientProtos.GetRequest.newBuilder()
            .setRegion(
                HBaseProtos.RegionSpecifier.newBuilder()
                    .setType(HBaseProtos.RegionSpecifier.RegionSpecifierType.ENCODED_REGION_NAME)
                    .setValue(ByteString.copyFromUtf8("0123456789abcdef0123456789abcdef")))
            .setGet(ProtobufUtil.toGet(new Get("user123".getBytes(StandardCharsets.UTF_8))))
            .build();
    server = (RpcServerInterface) Proxy.newProxyInstance(
        getClass().getClassLoader(), new Class<?>[] {RpcServerInterface.class}, (p, m, a) -> defaultOf(m.getReturnType()));
    tenants = new byte[][] {"frontend".getBytes(StandardCharsets.UTF_8), "batch".getBytes(StandardCharsets.UTF_8)};
    calls = new RpcCall[2];
    for (int i = 0; i < 2; i++) {
      byte[] tenant = tenants[i];
      calls[i] = (RpcCall) Proxy.newProxyInstance(
          getClass().getClassLoader(),
          new Class<?>[] {RpcCall.class},
          (p, m, a) -> switch (m.getName()) {
            case "getHeader" -> header;
            case "getParam" -> param;
            case "getRequestUser" -> Optional.empty();
            case "getRequestAttribute" -> "cake.tenant".equals(a[0]) ? tenant : null;
            case "getConnectionAttributes" -> Map.of();
            case "getSize" -> 128L;
            case "getReceiveTime", "getStartTime" -> System.currentTimeMillis();
            case "getDeadline" -> Long.MAX_VALUE;
            case "disconnectSince" -> 0L; // the client is gone: run() returns at once
            case "cleanup" -> {
              handled.incrementAndGet(); // CallRunner.run() always ends with call.cleanup()
              yield null;
            }
            case "toShortString", "toString" -> "bench-call";
            case "hashCode" -> System.identityHashCode(p);
            case "equals" -> p == a[0];
            default -> defaultOf(m.getReturnType());
          });
    }

    resolver = new TenantResolver(Set.of("frontend", "batch"), Map.of(), Map.of(), false, 64, new TenantResolver.Known());
    queues = new FairQueueScheduler<>("bench", Clock.system(), 10, 1_000, 10_000);
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

  @TearDown(Level.Trial)
  public void tearDown() {
    rpcScheduler.stop();
    System.out.println("\n" + scheduler + ": dispatches refused (queue full): " + rejected.get());
  }

  /**
   * One call through the scheduler: dispatch a real CallRunner (alternating tenants) on this
   * thread, then wait until a handler thread has run it. Stock and Cake both hand the call to
   * their own handler threads, so this is the dispatch-to-handler hot path, one call in flight.
   */
  @Benchmark
  public boolean dispatch() {
    next ^= 1;
    CallRunner r = BenchCallRunners.of(server, calls[next]);
    if (!rpcScheduler.dispatch(r)) {
      rejected.incrementAndGet();
      return false;
    }
    sent++;
    while (handled.get() < sent) {
      Thread.onSpinWait();
    }
    return true;
  }

  /** Tenant resolution + classification + offer + poll, no threads (Cake's part of dispatch). */
  @Benchmark
  public Ticket<Object> resolveClassifyOfferPoll() {
    next ^= 1;
    TenantResolver.Resolution res = resolver.resolve(tenants[next], null, "someone");
    OperationClassifier.Kind kind = OperationClassifier.classify(header.getMethodName(), param);
    queues.offer(res.tenant(), item, kind.singleRowGet() ? 1 : 100);
    return queues.poll(next);
  }
}
