package io.cake.cli.doctor;

import com.fasterxml.jackson.databind.JsonNode;
import io.cake.cli.cluster.Daemons;
import io.cake.cli.jmx.Beans;
import io.cake.cli.jmx.JmxPages;
import io.cake.core.level.CakeVersion;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads what {@code cake doctor} needs of a server's JVM from its web UI's /jmx page: the runtime
 * bean (JVM arguments; start time plus uptime is its clock), the Cake version bean, on a
 * DataNode the read scheduler's short-circuit count, and on a RegionServer the DataNode its
 * controller is configured to steer. Servers are read at once; each request is
 * bounded by the timeout.
 *
 * <p>Start time plus uptime strays from the JVM's wall clock by up to about a tenth of a second
 * (the two come from different clocks): well within the seconds the clock check is about.
 */
public final class DoctorReader {
  private final JmxPages pages;
  private final Duration timeout;

  public DoctorReader(Duration timeout) {
    this.pages = new JmxPages(timeout, Daemons.POOL);
    this.timeout = timeout;
  }

  /** Starts reading {@code url}'s JVM; {@code datanode} adds the read scheduler's short-circuit count. */
  public CompletableFuture<JvmProbe> probe(String url, boolean datanode) {
    return CompletableFuture.supplyAsync(() -> read(url, datanode), Daemons.POOL);
  }

  private JvmProbe read(String url, boolean datanode) {
    try {
      CompletableFuture<Beans> version = pages.query(url, CakeVersion.OBJECT_NAME);
      CompletableFuture<Beans> scheduler = datanode ? pages.query(url, "io.cake:type=Scheduler,kind=hdfs,*") : null;
      CompletableFuture<Beans> controller = datanode ? null : pages.query(url, "io.cake:type=Controller,*");
      long before = System.currentTimeMillis();
      Beans runtime = get(pages.query(url, "java.lang:type=Runtime"));
      long after = System.currentTimeMillis();
      JsonNode rt = runtime.all().isEmpty() ? null : runtime.all().get(0);
      if (rt == null) {
        return JvmProbe.unreadable(url, url + "/jmx has no java.lang:type=Runtime bean");
      }
      List<String> arguments = new ArrayList<>();
      rt.path("InputArguments").forEach(a -> arguments.add(a.asText()));
      Double start = Beans.number(rt, "StartTime");
      Double uptime = Beans.number(rt, "Uptime");
      Long skew = start == null || uptime == null ? null
          : JvmProbe.skew(start.longValue() + uptime.longValue(), before, after);
      Beans v = get(version);
      String cake = v.all().isEmpty() ? null : Beans.text(v.all().get(0), "Version");
      Long opens = null;
      if (scheduler != null) {
        for (JsonNode s : get(scheduler).all()) {
          Double n = Beans.number(s, "ShortCircuitOpens");
          opens = n == null ? opens : (opens == null ? 0 : opens) + n.longValue();
        }
      }
      String steersUrl = null;
      String steersScheduler = null;
      if (controller != null) {
        for (JsonNode c : get(controller).all()) {
          steersUrl = Beans.text(c, "DataNodeUrl");
          steersScheduler = Beans.text(c, "DataNodeScheduler");
        }
      }
      return new JvmProbe(url, null, cake, List.copyOf(arguments), skew, (after - before + 1) / 2, opens,
          steersUrl, steersScheduler);
    } catch (ExecutionException e) {
      return JvmProbe.unreadable(url, io.cake.cli.status.StatusReader.describe(url, e.getCause()));
    } catch (TimeoutException e) {
      return JvmProbe.unreadable(url, "no answer from " + url + " within " + timeout.toSeconds() + " s");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return JvmProbe.unreadable(url, "interrupted while reading " + url);
    }
  }

  private Beans get(CompletableFuture<Beans> page) throws ExecutionException, TimeoutException, InterruptedException {
    return page.get(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
  }
}
