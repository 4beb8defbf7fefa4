package io.cake.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cake.bench.load.Phase.Spec;
import io.cake.ycsb.CakeHBaseClient;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.User;

/**
 * A client process of the bench: plays one tenant user's load ({@link Phase.EmbeddedNames#FRONTEND}'s
 * front ends, or {@link Phase.EmbeddedNames#BATCH}) in its own JVM, so that its threads, allocations
 * and GC pauses are not the cluster's (see {@link LoadClients}).
 *
 * <p>Usage: {@code LoadClient <client-conf.xml> <user>}. Reads one order per line on stdin (a
 * run's spec and clock, {@link #order}), plays it, and writes to stdout {@code READY <nanoTime>}
 * once, then per operation {@code R <tenant> <at> <latencyNanos> <bytes> <0|1>} and per order
 * {@code DONE <json>}. Exits when stdin closes.
 */
public final class LoadClient {
  private static final ObjectMapper JSON = new ObjectMapper();

  private LoadClient() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: LoadClient <client-conf.xml> <user>");
      System.exit(2);
    }
    // stdout is the pipe to the bench: nothing else may write to it.
    PrintStream pipe = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
    System.setOut(System.err);
    // A bench that dies mid-run cannot close the pipe in time: do not play on without it.
    ProcessHandle.current().parent().ifPresent(p -> p.onExit().thenRun(() -> Runtime.getRuntime().halt(3)));
    Configuration conf = HBaseConfiguration.create();
    conf.addResource(new Path(args[0]));
    String user = args[1];
    try (Connection conn = ConnectionFactory.createConnection(conf, null,
        User.createUserForTesting(conf, user, new String[] {"cakebench"}),
        Map.of(CakeHBaseClient.TENANT_ATTRIBUTE, user.getBytes(StandardCharsets.UTF_8)))) {
      pipe.println("READY " + System.nanoTime());
      pipe.flush();
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      String line;
      while ((line = in.readLine()) != null) {
        if (!line.isBlank()) {
          pipe.println("DONE " + play(JSON.readTree(line), conn, pipe));
          pipe.flush();
        }
      }
    }
  }

  private static String play(JsonNode order, Connection conn, PrintStream pipe) throws Exception {
    Spec spec = spec(order.get("spec"));
    Load.Clock clock = new Load.Clock(order.get("start").asLong(), order.get("measure_start").asLong(),
        order.get("end").asLong());
    Map<String, Sink> sinks = new HashMap<>();
    for (String tenant : tenants(spec)) {
      sinks.put(tenant, (at, latency, bytes, ok) -> {
        String r = String.format(Locale.ROOT, "R %s %d %d %d %d", tenant, at, latency, bytes, ok ? 1 : 0);
        synchronized (pipe) {
          pipe.println(r);
          pipe.flush();
        }
      });
    }
    Load load = new Load(spec, clock, sinks, conn, conn);
    load.start();
    long now;
    while ((now = System.nanoTime()) < clock.end()) {
      LockSupport.parkNanos(clock.end() - now);
    }
    load.finish(System.nanoTime() + Phase.GRACE_NANOS, () -> {});
    ObjectNode done = JSON.createObjectNode();
    done.put("frontend_errors", load.frontendStats.errors.sum());
    done.put("batch_errors", load.batchStats.errors.sum());
    done.put("last_error", load.lastError());
    if (!load.failures.isEmpty()) {
      Throwable f = load.failures.get(0);
      f.printStackTrace();
      done.put("failure", f.toString());
    }
    return JSON.writeValueAsString(done);
  }

  private static Iterable<String> tenants(Spec spec) {
    java.util.List<String> t = new java.util.ArrayList<>(spec.otherFrontends().keySet());
    if (spec.frontend()) {
      t.add(Phase.EmbeddedNames.FRONTEND);
    }
    if (spec.batch()) {
      t.add(Phase.EmbeddedNames.BATCH);
    }
    return t;
  }

  /** One order line: what to play and when. */
  static String order(Spec s, Load.Clock clock) throws IOException {
    ObjectNode o = JSON.createObjectNode();
    ObjectNode n = o.putObject("spec");
    n.put("name", s.name());
    n.put("frontend", s.frontend());
    n.put("batch", s.batch());
    n.put("settle_s", s.settleSeconds());
    n.put("warmup_s", s.warmupSeconds());
    n.put("measure_s", s.measureSeconds());
    n.put("window_s", s.windowSeconds());
    n.put("shape", s.shape().name());
    n.put("rate", s.rate());
    n.put("frontend_threads", s.frontendThreads());
    n.put("batch_threads", s.batchThreads());
    n.put("records", s.records());
    n.put("seed", s.seed());
    n.put("closed_loop_frontend", s.closedLoopFrontend());
    ObjectNode others = n.putObject("other_frontends");
    s.otherFrontends().forEach(others::put);
    o.put("start", clock.start());
    o.put("measure_start", clock.measureStart());
    o.put("end", clock.end());
    return JSON.writeValueAsString(o);
  }

  static Spec spec(JsonNode n) {
    Map<String, Double> others = new TreeMap<>();
    n.get("other_frontends").fields().forEachRemaining(e -> others.put(e.getKey(), e.getValue().asDouble()));
    return new Spec(n.get("name").asText(), n.get("frontend").asBoolean(), n.get("batch").asBoolean(),
        n.get("settle_s").asDouble(), n.get("warmup_s").asDouble(), n.get("measure_s").asDouble(),
        n.get("window_s").asDouble(), RateShape.valueOf(n.get("shape").asText()), n.get("rate").asDouble(),
        n.get("frontend_threads").asInt(), n.get("batch_threads").asInt(), n.get("records").asLong(),
        n.get("seed").asLong(), n.get("closed_loop_frontend").asBoolean(), others);
  }
}
