package io.cake.bench;

import io.cake.bench.disk.EmulatedDisk;
import io.cake.bench.disk.EmulatedDiskDatasetFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the emulated disks did between its creation and {@link #since}: reads, bytes, utilisation. */
final class DiskMeter {
  private final List<EmulatedDisk> disks = EmulatedDiskDatasetFactory.disks();
  private final long[] start = totals(disks);

  private static long[] totals(List<EmulatedDisk> disks) {
    long reads = 0;
    long seq = 0;
    long bytes = 0;
    long busy = 0;
    for (EmulatedDisk d : disks) {
      Map<String, Object> s = d.stats();
      reads += (long) s.get("reads");
      seq += (long) s.get("sequential_reads");
      bytes += (long) s.get("bytes");
      busy += d.busyNanos();
    }
    return new long[] {reads, seq, bytes, busy};
  }

  /** The run's share, over {@code seconds} (warm-up included) on {@code volumes} actuators per disk. */
  Map<String, Object> since(double seconds, int volumes) {
    long[] now = totals(disks);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("reads", now[0] - start[0]);
    m.put("sequential_reads", now[1] - start[1]);
    m.put("mb", Math.round((now[2] - start[2]) / 1e5) / 10.0);
    double capacity = seconds * 1e9 * volumes * Math.max(1, disks.size());
    m.put("utilisation", capacity <= 0 ? 0.0 : Math.round((now[3] - start[3]) / capacity * 1000) / 1000.0);
    return m;
  }
}
