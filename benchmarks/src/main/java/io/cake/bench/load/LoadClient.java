package io.cake.bench.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.cake.ycsb.CakeHBaseClient;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
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
 * run's spec and clock, an {@link Order}), plays it, and writes to stdout {@code READY <nanoTime>}
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
          pipe.println("DONE " + play(read(line, Order.class), conn, pipe));
          pipe.flush();
        }
      }
    }
  }

  private static String play(Order order, Connection conn, PrintStream pipe) throws Exception {
    Load.Clock clock = order.clock();
    // Every operation goes back under its tenant's name.
    Load load = new Load(order.spec(), clock, tenant -> (at, latency, bytes, ok) -> {
      String r = String.format(Locale.ROOT, "R %s %d %d %d %d", tenant, at, latency, bytes, ok ? 1 : 0);
      synchronized (pipe) {
        pipe.println(r);
        pipe.flush();
      }
    }, conn, conn);
    load.start();
    long now;
    while ((now = System.nanoTime()) < clock.end()) {
      LockSupport.parkNanos(clock.end() - now);
    }
    load.finish(System.nanoTime() + Phase.GRACE_NANOS, () -> {});
    if (!load.failures.isEmpty()) {
      load.failures.get(0).printStackTrace(); // the whole trace to the client's log; its line goes back
    }
    return write(load.done());
  }

  /** One order: what to play and when (a line of JSON on the pipe). */
  record Order(Phase.Spec spec, Load.Clock clock) {}

  static String write(Object o) throws IOException {
    return JSON.writeValueAsString(o);
  }

  static <T> T read(String line, Class<T> type) throws IOException {
    return JSON.readValue(line, type);
  }
}
