package io.cake.director.read;

import java.util.HashMap;
import java.util.Map;

/**
 * A RegionServer's load in busy handlers, from Cake's scheduler: the handler time charged to all
 * its tenants over an interval (the growth of each tenant's {@code serviceUnitsTotal}, in
 * microseconds) over the interval's length. A tenant whose total went back (forgotten and seen
 * again, or the RegionServer restarted) or that is new counts from its next reading. Stateful
 * between calls, one per server; one thread.
 */
public final class BusyHandlers {
  private final Map<String, Long> last = new HashMap<>();
  private long lastNanos = Long.MIN_VALUE;

  /**
   * @param chargedMicros per tenant, the handler time charged to it since its metrics began
   * @param nanos when they were published (its scheduler's interval end, on its JVM's monotonic
   *     clock): the counters grew over the time between two of these, whenever they were read
   * @return busy handlers since the last reading; NaN at the first, and when no interval closed between
   */
  public double next(Map<String, Long> chargedMicros, long nanos) {
    double micros = 0;
    for (Map.Entry<String, Long> e : chargedMicros.entrySet()) {
      micros += Counters.growth(last.get(e.getKey()), e.getValue());
    }
    double busy = lastNanos == Long.MIN_VALUE || nanos <= lastNanos ? Double.NaN : micros * 1000.0 / (nanos - lastNanos);
    last.clear();
    last.putAll(chargedMicros);
    lastNanos = nanos;
    return busy;
  }
}
