package io.cake.bench;

import io.cake.bench.disk.EmulatedDisk;
import io.cake.bench.disk.EmulatedDiskDatasetFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the emulated disks did between this meter's creation and {@link #since}, for results.json. */
final class DiskMeter {
  private final List<EmulatedDisk> disks = EmulatedDiskDatasetFactory.disks();
  private final EmulatedDisk.Totals start = totals();

  private EmulatedDisk.Totals totals() {
    return disks.stream().map(EmulatedDisk::totals).reduce(new EmulatedDisk.Totals(0, 0, 0, 0, 0), EmulatedDisk.Totals::plus);
  }

  /** The run's share, over {@code seconds} (warm-up included) on {@code volumes} actuators per disk. */
  Map<String, Object> since(double seconds, int volumes) {
    EmulatedDisk.Totals d = totals().minus(start);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("reads", d.reads());
    m.put("sequential_reads", d.sequentialReads());
    m.put("mb", Math.round(d.bytes() / 1e5) / 10.0);
    m.put("device_queue_s", Math.round(d.queuedNanos() / 1e6) / 1e3);
    double capacity = seconds * 1e9 * volumes * Math.max(1, disks.size());
    m.put("utilisation", capacity <= 0 ? 0.0 : Math.round(d.busyNanos() / capacity * 1000) / 1000.0);
    return m;
  }
}
