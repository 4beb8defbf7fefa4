package io.cake.bench;

import io.cake.bench.experiment.Options;
import io.cake.bench.disk.DiskModel;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The Storage section of {@link RunOptions}: --disk and the emulated disk's parameters, which
 * become a DiskModel once every option is read (the seed may come after them).
 */
final class DiskOptions implements RunOptions.Section {
  private final RunOptions owner;
  /** --disk-* values by DiskModel's key; their ranges are DiskModel's, checked in {@link #finish}. */
  private final Map<String, String> keys = new LinkedHashMap<>();
  private boolean diskGiven;

  DiskOptions(RunOptions owner) {
    this.owner = owner;
  }

  @Override
  public String heading() {
    return "Storage (docs/evaluation.md, 'Disk regimes'):";
  }

  @Option(names = "--disk", paramLabel = "memory|hdd",
      description = "memory (default; hdd for experiments): HDFS reads come from the page cache, the contended"
          + " resource is CPU. hdd: every DataNode read waits for an EMULATED rotational disk (benchmark only;"
          + " parameters below, recorded in results.json and the report)")
  void disk(String v) {
    owner.o.disk = owner.choice("--disk", Options.Disk.class, v);
    diskGiven = true;
  }

  @Option(names = "--disk-seek-ms", paramLabel = "N", description = "mean seek time (default 8; 1 to 100)")
  void seekMs(double v) {
    keys.put(DiskModel.SEEK, Double.toString(v));
  }

  @Option(names = "--disk-rpm", paramLabel = "N", description = "spindle speed (default 7200)")
  void rpm(double v) {
    keys.put(DiskModel.RPM, Double.toString(v));
  }

  @Option(names = "--disk-mb-per-s", paramLabel = "N", description = "sequential transfer rate (default 120)")
  void mbPerSec(double v) {
    keys.put(DiskModel.MBPS, Double.toString(v));
  }

  @Option(names = "--disk-volumes", paramLabel = "N", description = "actuators per DataNode (default 4)")
  void volumes(double v) {
    keys.put(DiskModel.VOLUMES, Double.toString(v));
  }

  /** An experiment runs on the emulated disk unless --disk says otherwise (the paper's regime); --disk-* need it. */
  void finish(boolean experiment) {
    Options o = owner.o;
    if (experiment && !diskGiven) {
      o.disk = Options.Disk.HDD;
    }
    if (o.disk == Options.Disk.HDD) {
      Map<String, String> withSeed = new LinkedHashMap<>(keys);
      withSeed.putIfAbsent(DiskModel.SEED, Long.toString(o.seed));
      o.diskModel = owner.checked(() -> DiskModel.from("", withSeed::get)); // its messages name the --disk-* option
    } else if (!keys.isEmpty()) {
      throw owner.fail("--" + keys.keySet().iterator().next() + " needs --disk hdd");
    }
  }
}
