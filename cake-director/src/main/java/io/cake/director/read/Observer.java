package io.cake.director.read;

import io.cake.director.loop.Observation;
import io.cake.director.model.CapacityModel.Verdict;
import io.cake.director.plan.RegionLoad;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns each interval's {@link ClusterReading} into the director's {@link Observation}: every
 * RegionServer's busy handlers ({@link BusyHandlers}) over the time between the ends of the
 * scheduler intervals read (so a reading between two closes does not see its counters frozen as
 * idle), its verdict ({@link SloVerdicts}) and its
 * load split over its regions ({@link LoadSplit}). A server is observed from its second reading,
 * when its counters have grown over an interval; until then, while its beans cannot be read, and
 * in a step in which it closed no interval,
 * neither it nor its regions are in the observation, so nothing is moved to or from it. Stateful
 * between calls; one thread.
 */
public final class Observer {
  private final Map<String, BusyHandlers> busy = new HashMap<>();
  private final LoadSplit split = new LoadSplit();

  public Observation observe(ClusterReading reading) {
    busy.keySet().retainAll(reading.servers().keySet()); // gone or unreadable: starts over
    Map<String, Double> loads = new HashMap<>();
    Map<String, Verdict> verdicts = new HashMap<>();
    reading.servers().forEach((server, r) -> {
      if (Double.isNaN(r.intervalEndNanos())) {
        return; // a scheduler that does not say when its counters grew: its load is unknown
      }
      double b = busy.computeIfAbsent(server, s -> new BusyHandlers()).next(r.chargedMicros(), (long) r.intervalEndNanos());
      if (!Double.isNaN(b)) {
        loads.put(server, b);
        verdicts.put(server, SloVerdicts.of(r.met()));
      }
    });
    List<RegionLoad> regions = split.split(loads, reading.regions()).stream()
        .filter(r -> loads.containsKey(r.server()))
        .toList();
    return new Observation(loads, verdicts, regions);
  }
}
