package io.cake.bench.jmh;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.ipc.BenchCallRunners;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Dispatch under contention: several dispatching threads (as HBase's several RPC reader threads)
 * send into one scheduler with 16 handlers, each thread keeping up to {@link #WINDOW} calls in
 * flight, over 2 or 1,000 tenants. Throughput of dispatch plus hand-off plus a handler's run of an
 * empty call, stock SimpleRpcScheduler against Cake, and Cake metering every call against a
 * throughput contract, side by side in one run.
 *
 * <p>Run: {@code ./cake-bench jmh ContendedDispatchBenchmark}. On 2 cores the dispatchers and
 * handlers share the CPUs: read the ratio between the two schedulers, not absolute figures.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Threads(4)
@Fork(value = 1, jvmArgsAppend = {
  "-Dorg.apache.hbase.thirdparty.io.netty.tryReflectionSetAccessible=true",
  "--add-opens", "java.base/java.lang=ALL-UNNAMED",
  "--add-opens", "java.base/java.nio=ALL-UNNAMED",
  "--add-opens", "java.base/java.util=ALL-UNNAMED",
  "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class ContendedDispatchBenchmark {
  /** Calls one dispatching thread keeps in flight. */
  static final int WINDOW = 8;

  @State(Scope.Benchmark)
  public static class Server {
    /** cake-contract: Cake with a contract of 1,000 calls/s (bursts of 100) on every tenant. */
    @Param({"stock", "cake", "cake-contract"})
    String scheduler;

    @Param({"2", "1000"})
    int tenants;

    RpcScheduler rpcScheduler;
    final AtomicLong rejected = new AtomicLong();

    @Setup(Level.Trial)
    public void setUp() {
      Configuration conf = HBaseConfiguration.create();
      conf.setInt("hbase.regionserver.handler.count", 16);
      conf.setBoolean("cake.hbase.jmx.enabled", false);
      conf.setBoolean("cake.hbase.aimd.enabled", false);
      conf.setInt("cake.hbase.max-tenants", 2 * tenants);
      if (scheduler.equals("cake-contract")) {
        // Every call goes through its tenant's meter: with 2 tenants most are over (served as
        // best-effort), with 1,000 most are within.
        for (int i = 0; i < tenants; i++) {
          conf.set("cake.hbase.tenant.t" + i + ".contract", "1000:100");
        }
      }
      rpcScheduler = BenchCalls.started(scheduler.startsWith("cake") ? "cake" : scheduler, conf);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      rpcScheduler.stop();
      System.out.println("\n" + scheduler + "/" + tenants + " tenants: dispatches refused: " + rejected.get());
    }
  }

  /** One dispatching thread: its own calls, one per tenant, and its count of handled ones. */
  @State(Scope.Thread)
  public static class Dispatcher {
    RpcCall[] calls;
    final AtomicLong handled = new AtomicLong();
    long sent;
    int next;

    @Setup(Level.Trial)
    public void setUp(Server server) {
      calls = new RpcCall[server.tenants];
      for (int i = 0; i < calls.length; i++) {
        calls[i] = BenchCalls.call(BenchCalls.tenant("t" + i), handled::incrementAndGet);
      }
    }
  }

  @Benchmark
  public boolean dispatch(Server server, Dispatcher d) {
    d.next = d.next + 1 == d.calls.length ? 0 : d.next + 1;
    if (!server.rpcScheduler.dispatch(BenchCallRunners.of(BenchCalls.SERVER, d.calls[d.next]))) {
      server.rejected.incrementAndGet();
      return false;
    }
    d.sent++;
    while (d.sent - d.handled.get() >= WINDOW) {
      // Yield, not spin: an RPC reader with nothing to read waits in epoll, and on 2 cores a
      // spinning dispatcher takes the CPU the handlers it waits for need.
      Thread.yield();
    }
    return true;
  }
}
