package io.cake.controller.hbase;

import io.cake.controller.config.ControllerConfig;
import io.cake.controller.loop.Outcome;
import io.cake.controller.loop.SecondLevelController;
import io.cake.controller.policy.Measurement;
import io.cake.controller.policy.SloTarget;
import io.cake.controller.policy.TenantState;
import io.cake.controller.web.CakePage;
import io.cake.controller.web.CakePage.DecisionRow;
import io.cake.controller.web.CakePage.TenantRow;
import io.cake.controller.web.DecisionHistory;
import io.cake.core.level.CakeVersion;
import io.cake.core.metrics.LatencySummary;
import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.metrics.TenantSnapshot;
import io.cake.core.sched.Allocation;
import io.cake.hbase.rpc.RegionServerScheduler;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Reads what the {@code /cake} page shows from the objects in this RegionServer: Cake's RPC
 * scheduler on its port (last interval, allocation) and the controller of the moment (goals, last
 * measurements, history). In process, so the page needs neither JMX nor a password.
 */
final class StatusPageSource implements Supplier<CakePage> {
  private final String server;
  private final int port;
  private final Supplier<LiveController> live;
  private final InstantSource wall;

  StatusPageSource(String server, int port, Supplier<LiveController> live, InstantSource wall) {
    this.server = server;
    this.port = port;
    this.live = live;
    this.wall = wall;
  }

  @Override
  public CakePage get() {
    Optional<RegionServerScheduler> scheduler = RegionServerScheduler.byPort(port);
    LiveController l = live.get();
    SecondLevelController c = l == null ? null : l.controller();
    DecisionHistory history = l == null ? new DecisionHistory() : l.history();
    return new CakePage(server, CakeVersion.current(), wall.instant(), schedulerText(scheduler), controllerText(l, c),
        l == null ? "" : l.configurationError(), l == null ? java.time.Duration.ofMillis(ControllerConfig.DEFAULT_INTERVAL_MS) : l.interval(),
        scheduler.map(s -> tenants(s, c)).orElse(List.of()), decisions(history), history.samples(wall.instant()));
  }

  private static String schedulerText(Optional<RegionServerScheduler> s) {
    if (s.isEmpty()) {
      return "not installed (hbase.region.server.rpc.scheduler.factory.class is not Cake's): stock scheduling";
    }
    return s.get().enabled() ? "on, " + s.get().name() : "OFF (kill switch: stock scheduling)";
  }

  private static String controllerText(LiveController l, SecondLevelController c) {
    if (l == null) {
      return "not running: not started (see the RegionServer's log)";
    }
    if (c == null) {
      return "not running: " + l.notRunning();
    }
    String every = "every " + l.interval().toMillis() / 1000.0 + " s";
    if (c.paused()) {
      return "PAUSED (allocation left as it is), " + every;
    }
    Outcome last = c.last();
    return last.failed() ? "FAIL-STATIC: " + last.summary() : "running " + every + ", " + c.failures()
        + " failed intervals";
  }

  private static List<TenantRow> tenants(RegionServerScheduler s, SecondLevelController c) {
    SchedulerSnapshot snap = s.lastInterval().tenants();
    Allocation a = s.allocation();
    Map<String, SloTarget> slos = new TreeMap<>();
    if (c != null) {
      c.slos().forEach(t -> slos.put(t.tenant(), t));
    }
    TreeSet<String> names = new TreeSet<>(snap.tenants().keySet());
    names.addAll(a.shares().keySet());
    names.addAll(a.reservations().keySet());
    names.addAll(slos.keySet());
    List<TenantRow> rows = new ArrayList<>();
    for (String t : names) {
      Optional<TenantSnapshot> ts = snap.tenant(t);
      LatencySummary l = ts.map(TenantSnapshot::latency).orElse(LatencySummary.EMPTY);
      TenantState held = c == null ? null : c.allocation(t);
      SloTarget slo = slos.get(t);
      Measurement m = slo == null ? Measurement.NONE : c.last().measured(t).forGoal(slo.goal());
      rows.add(new TenantRow(t, a.fractionOfAll(t), a.reservation(t),
          held == null ? Double.NaN : held.share(), held == null ? -1 : held.hdfsReserved(),
          ts.map(TenantSnapshot::queueLength).orElse(0), ts.map(TenantSnapshot::throughput).orElse(0.0),
          l.p50Ms(), l.p99Ms(), l.p999Ms(), slo == null ? "" : slo.goal() + (slo.weight() == SloTarget.DEFAULT_WEIGHT
              ? "" : " weight " + slo.weight()), m.describe(), m.met()));
    }
    return rows;
  }

  private static List<DecisionRow> decisions(DecisionHistory history) {
    List<DecisionRow> out = new ArrayList<>();
    for (DecisionHistory.Decision d : history.decisions()) {
      Outcome o = d.outcome();
      out.add(new DecisionRow(d.at(), o.tick(), o.summary(), o.plan() == null ? List.of() : o.plan().parts()));
    }
    return out;
  }
}
