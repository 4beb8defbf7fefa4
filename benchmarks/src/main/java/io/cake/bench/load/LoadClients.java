package io.cake.bench.load;

import io.cake.bench.load.Load.Done;

import io.cake.bench.load.Phase.EmbeddedNames;
import io.cake.bench.load.Phase.Spec;
import java.io.BufferedReader;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;

/**
 * The bench's client processes (--clients separate): the front ends play in one JVM, batch in
 * another, and neither in the cluster's. Clients never share a RegionServer's JVM in a real
 * deployment (nor in the paper, whose clients ran on their own machines); in the bench's one JVM two
 * things that are not the cluster's become part of the front end's latency: batch's client
 * allocations (scan results of about 800 KB per RPC) stopping every thread for GC, and a gap between
 * the client's and the server's p99 that moves with batch's load
 * (docs/decisions/0007-client-budget.md). The machine's two cores are still shared, as the paper's
 * clients shared a network; why this is not the default: docs/decisions/0025-in-jvm-clients-default.md.
 *
 * <p>The processes start once per bench run (JIT and connections warm across runs) and take one
 * order per run; see {@link LoadClient} for the protocol.
 */
public final class LoadClients implements AutoCloseable {
  /** Environment variable with extra JVM options for the client processes. */
  public static final String CLIENT_OPTS_ENV = "CAKE_BENCH_CLIENT_OPTS";

  private final Client frontends;
  private final Client batch;

  private LoadClients(Client frontends, Client batch) {
    this.frontends = frontends;
    this.batch = batch;
  }

  /**
   * Starts both processes and waits until they are connected.
   *
   * @param clientConf the HBase client configuration the bench's own connections use
   * @param dir where the client configuration and the processes' logs go
   */
  public static LoadClients start(Configuration clientConf, File dir) throws IOException, InterruptedException {
    File conf = new File(dir, "client-conf.xml");
    try (FileOutputStream out = new FileOutputStream(conf)) {
      clientConf.writeXml(out);
    }
    Client fe = null;
    Client ba = null;
    try {
      fe = Client.start(EmbeddedNames.FRONTEND, conf, dir, "512m");
      ba = Client.start(EmbeddedNames.BATCH, conf, dir, "1g");
      fe.awaitReady();
      ba.awaitReady();
      return new LoadClients(fe, ba);
    } catch (IOException | InterruptedException | RuntimeException e) {
      if (fe != null) {
        fe.close();
      }
      if (ba != null) {
        ba.close();
      }
      throw e;
    }
  }

  /** Sends each process its part of {@code spec}; their operations go to {@code sinks} by tenant. */
  void begin(Spec spec, Load.Clock clock, Map<String, ? extends Sink> sinks) throws IOException {
    frontends.begin(spec.frontendsOnly(), clock, sinks);
    batch.begin(spec.batchOnly(), clock, sinks);
  }

  /** Waits for both parts to finish, until {@code deadline} (nanoTime). */
  Done await(long deadline) throws Exception {
    Done f = frontends.await(deadline);
    return f.plus(batch.await(deadline));
  }

  @Override
  public void close() {
    frontends.close();
    batch.close();
  }

  /** One client process. */
  private static final class Client implements AutoCloseable {
    private final String user;
    private final Process process;
    private final Writer orders;
    private final File log;
    private final CompletableFuture<Long> ready = new CompletableFuture<>();
    private volatile Map<String, ? extends Sink> sinks = Map.of();
    private volatile CompletableFuture<Done> done = CompletableFuture.completedFuture(Done.NOTHING);

    private Client(String user, Process process, File log) {
      this.user = user;
      this.process = process;
      this.log = log;
      this.orders = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
      Thread reader = new Thread(this::read, "cake-bench-client-" + user);
      reader.setDaemon(true);
      reader.start();
    }

    static Client start(String user, File conf, File dir, String heap) throws IOException {
      List<String> cmd = new ArrayList<>();
      cmd.add(ProcessHandle.current().info().command().orElse(
          System.getProperty("java.home") + File.separator + "bin" + File.separator + "java"));
      cmd.add("-Xmx" + heap);
      // The module flags HBase's client needs on JDK 17, as this JVM was given them.
      for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
        if (a.startsWith("--add-opens") || a.startsWith("--add-exports")
            || a.startsWith("-Dorg.apache.hbase.thirdparty")) {
          cmd.add(a);
        }
      }
      // Extra JVM options for both client processes (a GC log, say): {user} becomes the process's user.
      String extra = System.getenv(CLIENT_OPTS_ENV);
      if (extra != null && !extra.isBlank()) {
        for (String a : extra.trim().split("\\s+")) {
          cmd.add(a.replace("{user}", user));
        }
      }
      File log = new File(dir, "client-" + user + ".log");
      cmd.add("-Dlog4j2.configurationFile=cake-bench-log4j2.properties");
      cmd.add("-Dcake.bench.log=" + log.getPath());
      cmd.add("-cp");
      cmd.add(System.getProperty("java.class.path"));
      cmd.add(LoadClient.class.getName());
      cmd.add(conf.getPath());
      cmd.add(user);
      ProcessBuilder pb = new ProcessBuilder(cmd);
      // Not the bench's JAVA_TOOL_OPTIONS: a GC log asked of the bench is the cluster's.
      pb.environment().remove("JAVA_TOOL_OPTIONS");
      pb.redirectError(ProcessBuilder.Redirect.appendTo(new File(dir, "client-" + user + ".stderr")));
      return new Client(user, pb.start(), log);
    }

    void awaitReady() throws IOException, InterruptedException {
      long readyAt;
      try {
        readyAt = ready.get(120, TimeUnit.SECONDS);
      } catch (ExecutionException | TimeoutException e) {
        throw new IOException("the " + user + " client process did not start; see " + log, e);
      }
      // Both JVMs must read the same monotonic clock, or the process's times mean nothing here.
      long skew = System.nanoTime() - readyAt;
      if (skew < 0 || skew > 120_000_000_000L) {
        throw new IOException("the " + user + " client process's System.nanoTime() is " + skew
            + " ns off this JVM's: its clock is not this machine's monotonic clock");
      }
    }

    void begin(Spec part, Load.Clock clock, Map<String, ? extends Sink> sinks) throws IOException {
      if (!part.hasLoad()) {
        done = CompletableFuture.completedFuture(Done.NOTHING);
        return;
      }
      if (!done.isDone()) {
        throw new IllegalStateException("the " + user + " client process is still playing a run");
      }
      this.sinks = sinks;
      CompletableFuture<Done> d = new CompletableFuture<>();
      done = d;
      orders.write(LoadClient.write(new LoadClient.Order(part, clock)));
      orders.write('\n');
      orders.flush();
    }

    Done await(long deadline) throws Exception {
      long left = deadline - System.nanoTime();
      try {
        return done.get(Math.max(1, left), TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        throw new IllegalStateException("the " + user + " client process did not finish its run; see " + log);
      } catch (ExecutionException e) {
        throw new IllegalStateException("the " + user + " client process failed: " + e.getCause().getMessage()
            + "; see " + log, e.getCause());
      }
    }

    private void read() {
      try (BufferedReader in =
          new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = in.readLine()) != null) {
          if (line.startsWith("R ")) {
            record(line);
          } else if (line.startsWith("DONE ")) {
            Done d = LoadClient.read(line.substring(5), Done.class);
            if (d.failure() != null) {
              done.completeExceptionally(new IllegalStateException("a load thread failed: " + d.failure()));
            } else {
              done.complete(d);
            }
          } else if (line.startsWith("READY ")) {
            ready.complete(Long.parseLong(line.substring(6).trim()));
          }
        }
      } catch (IOException | RuntimeException e) {
        // Below: the pipe is gone, and so is the process.
      }
      IllegalStateException gone = new IllegalStateException("the " + user + " client process exited");
      ready.completeExceptionally(gone);
      done.completeExceptionally(gone);
    }

    private void record(String line) {
      String[] f = line.split(" ");
      Sink s = sinks.get(f[1]);
      if (s != null) {
        s.record(Long.parseLong(f[2]), Long.parseLong(f[3]), Long.parseLong(f[4]), f[5].equals("1"));
      }
    }

    @Override
    public void close() {
      try {
        orders.close(); // the process exits when its stdin closes
      } catch (IOException e) {
        // already gone
      }
      try {
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
          process.destroy();
          if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly();
          }
        }
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
  }
}
