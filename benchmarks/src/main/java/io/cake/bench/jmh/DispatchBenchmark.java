package io.cake.bench.jmh;

import io.cake.core.sched.FairQueueScheduler;
import io.cake.core.sched.Ticket;
import io.cake.core.time.Clock;
import io.cake.hbase.tenant.OperationAttribute;
import io.cake.hbase.tenant.OperationClassifier;
import io.cake.hbase.tenant.TenantResolver;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.ipc.BenchCallRunners;
import org.apache.hadoop.hbase.ipc.CallRunner;
import org.apache.hadoop.hbase.ipc.RpcCall;
import org.apache.hadoop.hbase.ipc.RpcScheduler;
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
  private RpcCall[] calls;
  private int next;
  private final AtomicLong rejected = new AtomicLong();
  private final AtomicLong handled = new AtomicLong();
  private long sent;

  private TenantResolver resolver;
  private FairQueueScheduler<Object> queues;
  private byte[][] tenants;
  private final Object item = new Object();

  @Setup(Level.Trial)
  public void setUp() {
    Configuration conf = HBaseConfiguration.create();
    conf.setInt("hbase.regionserver.handler.count", 10);
    conf.setBoolean("cake.hbase.jmx.enabled", false);
    conf.set("cake.hbase.tenant.frontend.share", "9");
    conf.set("cake.hbase.tenant.batch.share", "1");
    rpcScheduler = BenchCalls.started(scheduler, conf);
    tenants = new byte[][] {BenchCalls.tenant("frontend"), BenchCalls.tenant("batch")};
    calls = new RpcCall[] {
      BenchCalls.call(tenants[0], handled::incrementAndGet), BenchCalls.call(tenants[1], handled::incrementAndGet)
    };
    resolver = new TenantResolver(Set.of("frontend", "batch"), Map.of(), Map.of(), false, 64, new TenantResolver.Known());
    queues = new FairQueueScheduler<>("bench", Clock.system(), 10, 1_000, 10_000);
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
    CallRunner r = BenchCallRunners.of(BenchCalls.SERVER, calls[next]);
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

  /** Looking for the operation attribute in a get that has none, as every untagged call does. */
  @Benchmark
  public byte[] operationAttributeAbsent() {
    return OperationAttribute.of("Get", BenchCalls.PARAM);
  }

  /**
   * Tenant resolution (the operation attribute looked for, as dispatch does) + classification +
   * offer + poll, no threads (Cake's part of dispatch).
   */
  @Benchmark
  public Ticket<Object> resolveClassifyOfferPoll() {
    next ^= 1;
    String method = BenchCalls.HEADER.getMethodName();
    TenantResolver.Resolution res =
        resolver.resolve(tenants[next], OperationAttribute.of(method, BenchCalls.PARAM), null, "someone");
    OperationClassifier.Kind kind = OperationClassifier.classify(method, BenchCalls.PARAM);
    queues.offer(res.tenant(), item, kind.singleRowGet() ? 1 : 100);
    return queues.poll(next);
  }
}
