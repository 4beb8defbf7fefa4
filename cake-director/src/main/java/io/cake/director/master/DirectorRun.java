package io.cake.director.master;

import io.cake.director.config.DirectorConfig;
import io.cake.director.loop.Director;
import io.cake.director.loop.Observation;
import io.cake.director.loop.OncePer;
import io.cake.director.model.CapacityModel.Verdict;
import io.cake.director.model.Smoothing;
import io.cake.director.plan.DrainPlanner;
import io.cake.director.plan.Move;
import io.cake.director.plan.MovePlanner;
import io.cake.director.plan.Plan;
import io.cake.director.read.ClusterReading;
import io.cake.director.read.Observer;
import java.io.IOException;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.util.Bytes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The director on the HMaster, one interval per {@link #step}: read the cluster, decide
 * ({@link Director}), carry the moves out with {@code Admin.move}, and ask for a RegionServer
 * when no placement fits. Every action is logged with its reason. One thread.
 */
final class DirectorRun {
  private static final Logger LOG = LoggerFactory.getLogger(DirectorRun.class);

  private final ClusterReader reader;
  private final Admin admin;
  private final ServerCommand command;
  private final DirectorStatus status;
  private final InstantSource clock;
  private final Observer observer = new Observer();
  private final Director director;
  private final Set<String> unreadable = new HashSet<>(); // warned about, until read again
  private long step;
  // A RegionServer takes about a cool-down to start or stop: ask no more often.
  private final OncePer asks = new OncePer(DirectorConfig.COOL_DOWN_INTERVALS + 1);
  private final OncePer removals = new OncePer(DirectorConfig.COOL_DOWN_INTERVALS + 1);

  DirectorRun(DirectorConfig config, ClusterReader reader, Admin admin, ServerCommand command, DirectorStatus status,
      InstantSource clock) {
    this.reader = reader;
    this.admin = admin;
    this.command = command;
    this.status = status;
    this.clock = clock;
    this.director = new Director(new MovePlanner(config.maxMoves(), config.overprovision()),
        new DrainPlanner(config.maxMoves()), new Smoothing(DirectorConfig.SMOOTHING_UP, DirectorConfig.SMOOTHING_DOWN),
        DirectorConfig.COOL_DOWN_INTERVALS, DirectorConfig.DRAIN_AFTER_INTERVALS);
  }

  void step() throws IOException {
    step++;
    ClusterReading reading = reader.read();
    reading.unreadable().forEach((server, why) -> {
      if (unreadable.add(server)) {
        LOG.warn("cake-director: cannot read {}'s Cake beans, so it is left out until they can be: {}", server, why);
      }
    });
    unreadable.retainAll(reading.unreadable().keySet());
    Observation o = observer.observe(reading);
    Plan plan = director.step(o);
    PublishedView.set(director.view());
    List<String> servers = servers(o);
    LOG.debug("cake-director: step {}: {}; {} regions; {}", step, servers, o.regions().size(), plan);
    for (Move m : plan.moves()) {
      try {
        admin.move(Bytes.toBytes(m.region()), ServerName.valueOf(m.to()));
        act(String.format("moved region %s from %s to %s: %s", m.region(), m.from(), m.to(), m.reason()));
      } catch (IOException e) {
        act(String.format("could not move region %s from %s to %s (%s): %s", m.region(), m.from(), m.to(),
            m.reason(), e));
      }
    }
    if (!plan.moreServers().isEmpty()) {
      askForServer(plan.moreServers());
    }
    if (!plan.drained().isEmpty()) {
      askToStop(plan.drained());
    }
    status.stepped(clock.instant(), servers, plan.moreServers(), director.draining().orElse(""));
  }

  private void act(String action) {
    LOG.info("cake-director: {}", action);
    status.acted(clock.instant(), action);
  }

  /** One line per server, as the status bean shows them. */
  private List<String> servers(Observation o) {
    List<String> out = new ArrayList<>();
    new TreeMap<>(o.serverLoads()).forEach((s, load) -> out.add(String.format(Locale.ROOT,
        "%s: %.2f busy handlers, capacity %s, SLOs %s", s, load, Double.isNaN(director.capacity(s)) ? "unknown"
            : String.format(Locale.ROOT, "%.2f", director.capacity(s)),
        o.verdicts().getOrDefault(s, Verdict.NONE).toString().toLowerCase(
            Locale.ROOT))));
    return out;
  }

  private void askForServer(String why) {
    if (!asks.due(step)) {
      return;
    }
    if (!command.configured()) {
      act("the cluster needs another RegionServer (" + why + "); " + DirectorConfig.SERVER_COMMAND_KEY + " is not set");
      return;
    }
    act("asked for another RegionServer (" + why + "): " + command.run("add", why));
  }

  private void askToStop(String server) {
    if (!removals.due(step)) {
      return;
    }
    String why = server + " is drained: the others have had room for all it carried for "
        + DirectorConfig.DRAIN_AFTER_INTERVALS + " intervals, every SLO met";
    if (!command.configured()) {
      act(why + "; it could be stopped, but " + DirectorConfig.SERVER_COMMAND_KEY + " is not set");
      return;
    }
    act("asked to stop " + server + " (" + why + "): " + command.run("remove", server));
  }
}
