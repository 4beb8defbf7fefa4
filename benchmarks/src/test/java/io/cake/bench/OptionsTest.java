package io.cake.bench;

import io.cake.bench.experiment.Options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.bench.disk.DiskModel;
import io.cake.bench.experiment.Figure;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Command-line parsing: bad input is refused by option name before any cluster starts. */
@SuppressWarnings("unchecked")
class OptionsTest {
  @Test
  void memoryIsTheDefaultRegimeAndRecordsNoDiskModel() {
    Options o = BenchCommand.options(new String[] {"--quick"});
    assertThat(o.disk).isEqualTo(Options.Disk.MEMORY);
    assertThat(o.diskModel).isNull();
    assertThat(o.rate()).isEqualTo(60);
    assertThat((Map<String, Object>) o.describe().get("disk")).containsKey("kind");
  }

  @Test
  void hddTakesTheDefaultsAndTheSeed() {
    Options o = BenchCommand.options(new String[] {"--disk", "hdd", "--seed", "7"});
    assertThat(o.diskModel).isEqualTo(DiskModel.HDD.withSeed(7));
    assertThat(o.rate()).isEqualTo(Options.HDD_RATE);
    assertThat((Map<String, Object>) o.describe().get("disk")).containsEntry("seek_ms_mean", 8.0).containsEntry("mb_per_s", 120.0);
  }

  @Test
  void theVolumeLimitIsOneUnderTheEmulatedDiskNoneInMemoryAndRecorded() {
    assertThat(BenchCommand.options(new String[] {"--disk", "hdd"}).volumeLimit()).isEqualTo(1);
    assertThat(BenchCommand.options(new String[] {"--quick"}).volumeLimit()).isZero();
    Options o = BenchCommand.options(new String[] {"--disk", "hdd", "--volume-limit", "0"});
    assertThat(o.volumeLimit()).isZero();
    assertThat(o.describe()).containsEntry("hdfs_volume_limit", 0);
    // fig18's higher soft limit raises the limit per volume with it, else 8 slots over 4 volumes stay 4.
    assertThat(io.cake.bench.cluster.EmbeddedCluster.volumeLimit(1, 4, 4)).isEqualTo(1);
    assertThat(io.cake.bench.cluster.EmbeddedCluster.volumeLimit(1, 4, 8)).isEqualTo(2);
    assertThat(io.cake.bench.cluster.EmbeddedCluster.volumeLimit(1, 4, 6)).isEqualTo(2);
    assertThat(io.cake.bench.cluster.EmbeddedCluster.volumeLimit(0, 4, 8)).as("none stays none").isZero();
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--volume-limit", "-1"})).hasMessageContaining("--volume-limit");
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--volume-limit", "one"})).hasMessageContaining("--volume-limit");
  }

  @Test
  void aJudgedControllerRunLeavesTwentyWindowsAfterConvergenceAtDefaultScale() {
    // 5 s windows, 5 s intervals: 3 to converge, 20 judged, 115 s (the plain controller run is 90).
    Options o = BenchCommand.options(new String[] {});
    assertThat(o.sloSeconds()).isEqualTo(90);
    assertThat(o.judgedSloSeconds()).isEqualTo(115);
    assertThat(o.describe()).containsEntry("judged_slo_run_s", 115.0);
    // 10 s intervals: 6 windows to converge.
    assertThat(BenchCommand.options(new String[] {"--controller-interval-ms", "10000"}).judgedSloSeconds()).isEqualTo(130);
    assertThat(BenchCommand.options(new String[] {"--duration", "200"}).judgedSloSeconds()).as("longer asked, longer run").isEqualTo(200);
    assertThat(BenchCommand.options(new String[] {"--quick"}).judgedSloSeconds()).as("quick stays quick").isEqualTo(24);
  }

  @Test
  void theOverloadControllerRunHoldsMoreThanOneSwingAtDefaultScale() {
    assertThat(BenchCommand.options(new String[] {}).overloadSloSeconds()).isEqualTo(240);
    assertThat(BenchCommand.options(new String[] {}).describe()).containsEntry("overload_slo_run_s", 240.0);
    assertThat(BenchCommand.options(new String[] {"--duration", "300"}).overloadSloSeconds()).as("longer asked").isEqualTo(300);
    assertThat(BenchCommand.options(new String[] {"--quick"}).overloadSloSeconds()).as("quick stays quick").isEqualTo(24);
    assertThat(BenchCommand.options(new String[] {"--tiny"}).overloadSloSeconds()).isEqualTo(8);
  }

  @Test
  void theBaselineAnSloComesFromIsThreeTimesTheOtherIsolatedRunsAtDefaultScale() {
    Options o = BenchCommand.options(new String[] {});
    assertThat(o.isolatedSeconds()).isEqualTo(30);
    assertThat(o.baselineSeconds()).isEqualTo(90);
    assertThat(o.describe()).containsEntry("baseline_s", 90.0);
    assertThat(BenchCommand.options(new String[] {"--quick"}).baselineSeconds()).as("quick stays quick").isEqualTo(8);
    assertThat(BenchCommand.options(new String[] {"--duration", "20"}).baselineSeconds()).as("a shorter run asked").isEqualTo(20);
  }

  @Test
  void hddParametersAreApplied() {
    Options o = BenchCommand.options(new String[] {"--disk=hdd", "--disk-seek-ms", "4", "--disk-rpm=10000", "--disk-mb-per-s", "200", "--disk-volumes", "2"});
    assertThat(o.diskModel).isEqualTo(new DiskModel(4, 10_000, 200, 2, 42));
  }

  @Test
  void clientsRunInTheClustersJvmUnlessToldAndBadValuesAreRefused() {
    assertThat(BenchCommand.options(new String[] {}).clients).isEqualTo(Options.Clients.IN_JVM);
    assertThat(BenchCommand.options(new String[] {"--clients", "in-jvm"}).clients).isEqualTo(Options.Clients.IN_JVM);
    assertThat(BenchCommand.options(new String[] {"--clients=separate"}).clients).isEqualTo(Options.Clients.SEPARATE);
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--clients", "remote"}))
        .hasMessageContaining("--clients").hasMessageContaining("remote");
  }

  @Test
  void badDiskInputIsRefusedByOptionName() {
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--disk", "ssd"})).hasMessageContaining("--disk").hasMessageContaining("ssd");
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--disk", "hdd", "--disk-mb-per-s", "0"})).hasMessageContaining("--disk-mb-per-s");
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--disk", "hdd", "--disk-seek-ms", "-1"})).hasMessageContaining("--disk-seek-ms");
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--disk", "hdd", "--disk-seek-ms", "9000"})).hasMessageContaining("--disk-seek-ms");
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--disk", "hdd", "--disk-volumes", "x"})).hasMessageContaining("--disk-volumes");
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--disk-seek-ms", "5"})).hasMessageContaining("--disk-seek-ms needs --disk hdd");
  }

  @Test
  void experimentsRunInTheHddRegimeUnlessToldAndUnknownNamesAreRefused() {
    Options o = BenchCommand.options(new String[] {"experiment", "fig8", "--quick"});
    assertThat(o.experiment).isEqualTo(io.cake.bench.experiment.Figure.FIG8);
    assertThat(o.diskModel).isNotNull();
    assertThat(o.softLimit()).isEqualTo(o.diskModel.volumes());
    assertThat(BenchCommand.options(new String[] {"experiment", "fig14-17", "--disk", "memory"}).diskModel).isNull();
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"experiment", "fig13"}))
        .hasMessageContaining("unknown experiment 'fig13'").hasMessageContaining("fig10-11");
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"experiment"})).hasMessageContaining("NAME");
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"experiment", "--quick"})).hasMessageContaining("NAME");
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"experiment", "fig8", "--zk", "localhost"}))
        .hasMessageContaining("drop --zk");
    Options hotspot = BenchCommand.options(
        new String[] {"experiment", "hotspot", "--zk", "127.0.0.1:25181", "--disk", "hdd", "--disk-volumes", "1"});
    assertThat(hotspot.zk).isEqualTo("127.0.0.1:25181");
    assertThat(hotspot.diskModel.describe()).containsEntry("volumes_per_datanode", 1); // what benchmarks/hotspot.sh states
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--soft-limit", "0"})).hasMessageContaining("--soft-limit");
  }

  @Test
  void helpIsNull() {
    assertThat(BenchCommand.options(new String[] {"--disk", "hdd", "--help"})).isNull();
    assertThat(BenchCommand.options(new String[] {"experiment", "fig8", "-h"})).isNull();
  }

  @Test
  void aLaterOptionOverridesAnEarlierOneAndCakeConfRepeats() {
    Options o = BenchCommand.options(new String[] {"--full", "--default", "--rate", "5", "--rate=7",
        "--cake-conf", "cake.a=1", "--cake-conf", "cake.b=2", "--policies", "cake-slo,HBASE-FIFO"});
    assertThat(o.scale).isEqualTo(Options.Scale.DEFAULT);
    assertThat(o.shape).as("--default leaves --full's shape").isEqualTo(io.cake.bench.load.RateShape.DIURNAL);
    assertThat(o.rate()).isEqualTo(7);
    assertThat(o.cakeConf).containsExactly(Map.entry("cake.a", "1"), Map.entry("cake.b", "2"));
    assertThat(o.policies).containsExactly("cake-slo", "hbase-fifo");
    assertThat(BenchCommand.options(new String[] {"--full", "--shape", "on-off"}).shape).isEqualTo(io.cake.bench.load.RateShape.ON_OFF);
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--policies", "cake-slo,fifo"})).hasMessageContaining("unknown policy 'fifo'");
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--cake-conf", "hbase.x=1"})).hasMessageContaining("--cake-conf");
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--slo", "100,x"})).hasMessageContaining("--slo: not a number: 'x'");
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--repeat", "0"})).hasMessageContaining("--repeat must be within [1, 100]");
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--percentile", "100"})).hasMessageContaining("--percentile");
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--shape", "square"})).hasMessageContaining("--shape");
  }

  @Test
  void zkTakesAQuorumListAndTheZnodeParent() {
    Options o = BenchCommand.options(new String[] {"--znode-parent", "/hbase-cake", "--zk", "zk1,zk2,zk3:2182"});
    io.cake.cli.cluster.ZkQuorum q = io.cake.cli.cluster.ZkQuorum.parse(o.zk, o.znodeParent);
    assertThat(q.hosts()).containsExactly("zk1", "zk2", "zk3");
    assertThat(q.ports()).containsExactly(2182, 2182, 2182);
    org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration(false);
    io.cake.bench.cluster.ExternalCluster.applyTo(q, conf);
    assertThat(conf.get("hbase.zookeeper.quorum")).isEqualTo("zk1,zk2,zk3");
    assertThat(conf.get("hbase.zookeeper.property.clientPort")).isEqualTo("2182");
    assertThat(conf.get("zookeeper.znode.parent")).isEqualTo("/hbase-cake");

    io.cake.cli.cluster.ZkQuorum mixed = io.cake.cli.cluster.ZkQuorum.parse("a:1,b:2,c", "/hbase");
    conf = new org.apache.hadoop.conf.Configuration(false);
    io.cake.bench.cluster.ExternalCluster.applyTo(mixed, conf);
    assertThat(conf.get("hbase.zookeeper.quorum")).isEqualTo("a:1,b:2,c:2181");
    assertThat(io.cake.cli.cluster.ZkQuorum.parse("127.0.0.1:21181", "/hbase").ports()).containsExactly(21181);
  }

  @Test
  void badZkInputIsRefusedByOptionName() {
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--zk", "host:port"})).hasMessageContaining("--zk");
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--zk", "a,,b:1"})).hasMessageContaining("--zk");
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--zk", "a:99999"})).hasMessageContaining("--zk");
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--znode-parent", "hbase"})).hasMessageContaining("--znode-parent");
  }

  /** The help lists every experiment and policy, and each section of options. */
  @Test
  void helpNamesEveryExperimentAndPolicy() {
    String help = BenchCommand.commandLine().getUsageMessage();
    for (String p : Options.ALL_POLICIES) {
      assertThat(help).contains(p);
    }
    assertThat(help).contains("Scale (default", "Storage", "EMULATED", "--repeat=N", "experiment", "compare", "jmh");
    String experiment = BenchCommand.commandLine().getSubcommands().get("experiment").getUsageMessage();
    for (Figure f : Figure.values()) {
      assertThat(experiment).contains(f.id());
    }
    assertThat(experiment).contains("NAME", "--disk=memory|hdd", "--quick");
    assertThatThrownBy(() -> BenchCommand.options(new String[] {"--no-such-option"})).hasMessageContaining("Unknown option: '--no-such-option'");
  }
}
