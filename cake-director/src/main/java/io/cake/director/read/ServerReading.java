package io.cake.director.read;

import java.util.List;
import java.util.Map;

/**
 * What the director reads of one RegionServer's Cake beans in one interval.
 *
 * @param chargedMicros per tenant, the handler time Cake's scheduler has charged it since its
 *     metrics began ({@code serviceUnitsTotal})
 * @param intervalEndNanos when its scheduler's last interval closed, on its JVM's monotonic clock,
 *     the one its counters were published at; NaN when not published
 * @param met per SLO tenant of its controller, 1 met, 0 missed, NaN not judged ({@code ControllerSlo.Met})
 */
public record ServerReading(Map<String, Long> chargedMicros, double intervalEndNanos, List<Double> met) {
  public ServerReading {
    chargedMicros = Map.copyOf(chargedMicros);
    met = List.copyOf(met);
  }
}
