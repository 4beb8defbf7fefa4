package io.cake.bench;

import io.cake.bench.disk.EmulatedDisk;
import io.cake.bench.disk.EmulatedDiskDatasetFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the emulated disks did between this meter's creation and {@link #since}, for results.json. */
final class DiskMeter {
  /** Fixed at creation, so {@link #perActuator()} lines up entry by entry with {@link #start}. */
  private final List<EmulatedDisk> disks = EmulatedDiskDatasetFactory.disks();
  private final List<EmulatedDisk.Totals> start = perActuator();

  /** Every actuator of every disk, disk by disk. */
  private List<EmulatedDisk.Totals> perActuator() {
    List<EmulatedDisk.Totals> out = new ArrayList<>();
    disks.forEach(d -> out.addAll(d.perActuator()));
    return out;
  }

  /** The run's share, over {@code seconds} (warm-up included) on {@code volumes} actuators per disk. */
  Map<String, Object> since(double seconds, int volumes) {
    List<EmulatedDisk.Totals> now = perActuator();
    List<EmulatedDisk.Totals> runs = new ArrayList<>(now.size());
    for (int i = 0; i < now.size(); i++) {
      runs.add(now.get(i).minus(start.get(i)));
    }
    EmulatedDisk.Totals d = EmulatedDisk.Totals.sum(runs);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("reads", d.reads());
    m.put("sequential_reads", d.sequentialReads());
    m.put("mb", Math.round(d.bytes() / 1e5) / 10.0);
    m.put("device_queue_s", Math.round(d.queuedNanos() / 1e6) / 1e3);
    double capacity = seconds * 1e9 * volumes * Math.max(1, disks.size());
    m.put("utilisation", utilisation(d.busyNanos(), capacity));
    // Per actuator: an uneven spread of the hot blocks shows as one actuator busier and queued longer.
    List<Map<String, Object>> each = new ArrayList<>();
    for (EmulatedDisk.Totals a : runs) {
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("reads", a.reads());
      e.put("utilisation", utilisation(a.busyNanos(), seconds * 1e9));
      e.put("device_queue_s", Math.round(a.queuedNanos() / 1e6) / 1e3);
      each.add(e);
    }
    m.put("actuators", each);
    return m;
  }

  /**
   * Service over capacity, at most 1: a read's service is booked when it is queued, so behind a
   * backlog a run is charged for service that ends after it (and the next run for less).
   */
  private static double utilisation(long busyNanos, double capacityNanos) {
    return capacityNanos <= 0 ? 0.0 : Math.min(1.0, Math.round(busyNanos / capacityNanos * 1000) / 1000.0);
  }
}
