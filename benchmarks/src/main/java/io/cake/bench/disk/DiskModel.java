package io.cake.bench.disk;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The parameters of an <b>emulated</b> rotational disk, for benchmarks only: this module is never
 * installed on a DataNode.
 *
 * <p>Why emulate: the paper's problem (Cake section 6: a front end's p99 going from 44 ms to 538 ms)
 * is queueing at rotational disks, and the machines we measure on have none; their data sits in
 * the page cache, so what saturates is the CPU. The emulated disk puts the disk back: each DataNode
 * volume is one actuator with a FIFO device queue ({@link Actuator}), and every read of block data
 * waits for its turn and then for its service time, with no page-cache credit.
 *
 * <p>Service time of a read of {@code len} bytes: transfer, {@code len / bandwidth}, plus
 * positioning unless it continues sequentially where the previous read on the same actuator
 * ended. Positioning is a seek drawn uniformly from {@code [1 ms, 2 * seekMs - 1 ms]} (mean
 * {@code seekMs}; 1 ms is a track-to-track seek) plus a rotational delay drawn uniformly from one
 * revolution (mean half a revolution). The defaults are those of a 7,200 rpm SATA disk: 8 ms mean
 * seek, 4.17 ms mean rotational delay, 120 MB/s, so a random 64 KB read takes 12.7 ms on average
 * and one actuator serves about 79 of them a second. Volumes default to 4 per DataNode, like the
 * paper's machines.
 *
 * @param seekMs mean seek time, ms (1 to 100)
 * @param rpm spindle speed (3,600 to 20,000)
 * @param mbPerSec sequential transfer rate, MB/s of 10^6 bytes (1 to 10,000)
 * @param volumes actuators per DataNode (1 to 64)
 * @param seed seed of the positioning draws (each actuator draws from its own stream)
 */
public record DiskModel(double seekMs, double rpm, double mbPerSec, int volumes, long seed) {
  /** A track-to-track seek: the shortest positioning time. */
  public static final double MIN_SEEK_MS = 1.0;

  public static final DiskModel HDD = new DiskModel(8.0, 7_200, 120, 4, 42);

  /** The option names, as the command line and the DataNode's configuration spell them. */
  public static final String SEEK = "disk-seek-ms";
  public static final String RPM = "disk-rpm";
  public static final String MBPS = "disk-mb-per-s";
  public static final String VOLUMES = "disk-volumes";
  public static final String SEED = "disk-seed";

  public DiskModel {
    check(SEEK, seekMs, MIN_SEEK_MS, 100);
    check(RPM, rpm, 3_600, 20_000);
    check(MBPS, mbPerSec, 1, 10_000);
    check(VOLUMES, volumes, 1, 64);
  }

  private static void check(String name, double v, double min, double max) {
    if (!(v >= min && v <= max)) {
      throw new IllegalArgumentException(
          String.format(Locale.ROOT, "--%s must be between %s and %s, got %s", name, fmt(min), fmt(max), fmt(v)));
    }
  }

  /** One revolution, ms. */
  public double revolutionMs() {
    return 60_000.0 / rpm;
  }

  /** Transfer time of {@code bytes}, ns. */
  public long transferNanos(long bytes) {
    return Math.round(bytes / (mbPerSec * 1e6) * 1e9);
  }

  /** Positioning time, ns, for two uniform draws in [0, 1). */
  public long positioningNanos(double seekDraw, double rotationDraw) {
    double seek = MIN_SEEK_MS + seekDraw * 2 * (seekMs - MIN_SEEK_MS);
    double rotation = rotationDraw * revolutionMs();
    return Math.round((seek + rotation) * 1e6);
  }

  /** Mean service time of a random (non-sequential) read of {@code bytes}, ms. */
  public double meanRandomReadMs(long bytes) {
    return seekMs + revolutionMs() / 2 + transferNanos(bytes) / 1e6;
  }

  public DiskModel withSeed(long s) {
    return new DiskModel(seekMs, rpm, mbPerSec, volumes, s);
  }

  /** As written into results.json and the report. */
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", "emulated rotational disk (benchmark only)");
    m.put("seek_ms_mean", seekMs);
    m.put("seek_ms_range", new double[] {MIN_SEEK_MS, 2 * seekMs - MIN_SEEK_MS});
    m.put("rpm", rpm);
    m.put("rotational_delay_ms_mean", round(revolutionMs() / 2));
    m.put("mb_per_s", mbPerSec);
    m.put("volumes_per_datanode", volumes);
    m.put("queue", "FIFO per actuator; positioning skipped for a read that continues the previous one");
    m.put("random_64k_read_ms_mean", round(meanRandomReadMs(65_536)));
    m.put("seed", seed);
    return m;
  }

  /** One line for the report. */
  public String summary() {
    return String.format(
        Locale.ROOT,
        "emulated rotational disk: %d actuators per DataNode, each a FIFO queue; seek %s ms mean (uniform %s-%s), %s rpm (%.2f ms mean rotational delay), %s MB/s; a random 64 KB read costs %.1f ms on average",
        volumes, fmt(seekMs), fmt(MIN_SEEK_MS), fmt(2 * seekMs - MIN_SEEK_MS), fmt(rpm), revolutionMs() / 2, fmt(mbPerSec),
        meanRandomReadMs(65_536));
  }

  /** As configuration keys under {@code prefix} (the DataNode reads them back with {@link #from}). */
  public Map<String, String> toKeys(String prefix) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put(prefix + SEEK, Double.toString(seekMs));
    m.put(prefix + RPM, Double.toString(rpm));
    m.put(prefix + MBPS, Double.toString(mbPerSec));
    m.put(prefix + VOLUMES, Integer.toString(volumes));
    m.put(prefix + SEED, Long.toString(seed));
    return m;
  }

  /** Reads the keys {@link #toKeys} wrote; a missing key takes {@link #HDD}'s value. */
  public static DiskModel from(String prefix, Function<String, String> get) {
    return new DiskModel(
        number(prefix + SEEK, get, HDD.seekMs),
        number(prefix + RPM, get, HDD.rpm),
        number(prefix + MBPS, get, HDD.mbPerSec),
        (int) number(prefix + VOLUMES, get, HDD.volumes),
        (long) number(prefix + SEED, get, HDD.seed));
  }

  private static double number(String key, Function<String, String> get, double dflt) {
    String v = get.apply(key);
    if (v == null || v.isBlank()) {
      return dflt;
    }
    try {
      return Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + ": not a number: '" + v + "'");
    }
  }

  private static double round(double v) {
    return Math.round(v * 1000.0) / 1000.0;
  }

  static String fmt(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }
}
