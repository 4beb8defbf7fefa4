package io.cake.bench.disk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.core.time.ManualClock;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

class DiskModelTest {
  /** Feeds the given draws in order. */
  private static DoubleSupplier draws(double... d) {
    Deque<Double> q = new ArrayDeque<>();
    for (double v : d) {
      q.add(v);
    }
    return q::removeFirst;
  }

  @Test
  void defaultsAreA7200RpmSataDisk() {
    DiskModel m = DiskModel.HDD;
    assertThat(m.revolutionMs()).isCloseTo(8.333, org.assertj.core.data.Offset.offset(0.001));
    // 8 ms seek + 4.167 ms half a revolution + 65536 B / 120 MB/s = 0.546 ms
    assertThat(m.meanRandomReadMs(65_536)).isCloseTo(12.713, org.assertj.core.data.Offset.offset(0.001));
    assertThat(m.volumes()).isEqualTo(4);
  }

  @Test
  void randomReadPaysSeekRotationAndTransferExactly() {
    DiskModel m = new DiskModel(8, 6_000, 100, 1, 1); // 10 ms revolution, 100 MB/s
    Actuator a = new Actuator(m, draws(0.5, 0.5));
    // seek 1 + 0.5 * 2 * 7 = 8 ms, rotation 5 ms, transfer 1 MB / 100 MB/s = 10 ms
    long done = a.submit(1_000, 7, 0, 1_000_000);
    assertThat(done).isEqualTo(1_000 + 23_000_000L);
    assertThat(a.busyNanos()).isEqualTo(23_000_000L);
    assertThat(a.sequentialReads()).isZero();
  }

  @Test
  void extremesOfTheDrawsAreTheSeekRange() {
    DiskModel m = new DiskModel(8, 6_000, 100, 1, 1);
    assertThat(m.positioningNanos(0, 0)).isEqualTo(1_000_000L); // track to track, no rotation
    assertThat(m.positioningNanos(1, 1)).isEqualTo(15_000_000L + 10_000_000L); // 2 x 8 - 1, a revolution
  }

  @Test
  void aReadContinuingThePreviousOneSkipsPositioning() {
    DiskModel m = new DiskModel(8, 6_000, 100, 1, 1);
    Actuator a = new Actuator(m, draws(0.5, 0.5, 0.0, 0.0, 0.0, 0.5));
    long first = a.submit(0, 7, 0, 100_000); // 13 ms + 1 ms
    long second = a.submit(first, 7, 100_000, 100_000); // sequential: 1 ms
    assertThat(second - first).isEqualTo(1_000_000L);
    long third = a.submit(second, 8, 200_000, 100_000); // another file: positions (1 ms) + 1 ms
    assertThat(third - second).isEqualTo(2_000_000L);
    long fourth = a.submit(third, 8, 500_000, 100_000); // same file after a gap: positions (1 + 5 ms) + 1 ms
    assertThat(fourth - third).isEqualTo(7_000_000L);
    assertThat(a.sequentialReads()).isEqualTo(1);
  }

  @Test
  void theDeviceQueueIsFifoInVirtualTime() {
    DiskModel m = new DiskModel(8, 6_000, 100, 1, 1);
    Actuator a = new Actuator(m, () -> 0.5); // every random read: 13 ms + transfer
    long d1 = a.submit(0, 1, 0, 0);
    long d2 = a.submit(0, 2, 0, 0); // arrives while the first is served: waits for it
    long d3 = a.submit(40_000_000L, 3, 0, 0); // arrives after both: starts at once
    assertThat(d1).isEqualTo(13_000_000L);
    assertThat(d2).isEqualTo(26_000_000L);
    assertThat(d3).isEqualTo(53_000_000L);
    assertThat(a.queuedNanos()).isEqualTo(13_000_000L);
  }

  @Test
  void blocksSpreadOverActuatorsAndEachQueuesAlone() throws Exception {
    DiskModel m = new DiskModel(8, 6_000, 100, 4, 9);
    ManualClock clock = new ManualClock();
    EmulatedDisk disk = new EmulatedDisk(m, clock, deadline -> clock.advanceNanos(Math.max(0, deadline - clock.nanoTime())));
    Map<Integer, Integer> perActuator = new HashMap<>();
    for (long b = 1_073_741_825L; b < 1_073_741_825L + 400; b++) {
      perActuator.merge(disk.actuatorOf(b), 1, Integer::sum);
    }
    assertThat(perActuator).hasSize(4); // block IDs come in sequence: round robin, like the volume choosing policy
    assertThat(perActuator.values()).containsOnly(100);
    // One reader: each read waits for its own service only; the clock moves by exactly the busy time.
    for (long b = 0; b < 20; b++) {
      disk.read(b, 0, 65_536);
    }
    assertThat(clock.nanoTime()).isEqualTo(disk.totals().busyNanos());
    assertThat(disk.totals().reads()).isEqualTo(20L);
    assertThat(disk.totals().queuedNanos()).isZero();
  }

  @Test
  void theSameSeedGivesTheSameServiceTimes() throws Exception {
    DiskModel m = DiskModel.HDD.withSeed(5);
    List<Long> a = busyAfter(m);
    List<Long> b = busyAfter(m);
    List<Long> c = busyAfter(m.withSeed(6));
    assertThat(a).isEqualTo(b).isNotEqualTo(c);
  }

  private static List<Long> busyAfter(DiskModel m) throws Exception {
    ManualClock clock = new ManualClock();
    EmulatedDisk disk = new EmulatedDisk(m, clock, deadline -> clock.advanceNanos(Math.max(0, deadline - clock.nanoTime())));
    java.util.ArrayList<Long> out = new java.util.ArrayList<>();
    for (long b = 0; b < 10; b++) {
      disk.read(b, 0, 65_536);
      out.add(clock.nanoTime());
    }
    return out;
  }

  @Test
  void absurdParametersAreRefusedByOptionName() {
    assertThatThrownBy(() -> new DiskModel(0, 7_200, 120, 4, 1)).hasMessageContaining("--disk-seek-ms");
    assertThatThrownBy(() -> new DiskModel(5_000, 7_200, 120, 4, 1)).hasMessageContaining("--disk-seek-ms");
    assertThatThrownBy(() -> new DiskModel(8, 7_200, 0, 4, 1)).hasMessageContaining("--disk-mb-per-s");
    assertThatThrownBy(() -> new DiskModel(8, 7_200, -3, 4, 1)).hasMessageContaining("--disk-mb-per-s");
    assertThatThrownBy(() -> new DiskModel(8, 100, 120, 4, 1)).hasMessageContaining("--disk-rpm");
    assertThatThrownBy(() -> new DiskModel(8, 7_200, 120, 0, 1)).hasMessageContaining("--disk-volumes");
    assertThatThrownBy(() -> new DiskModel(Double.NaN, 7_200, 120, 4, 1)).hasMessageContaining("--disk-seek-ms");
    assertThatThrownBy(() -> DiskModel.from("p.", Map.of("p.disk-rpm", "fast")::get)).hasMessageContaining("p.disk-rpm");
  }

  @Test
  void keysRoundTrip() {
    DiskModel m = new DiskModel(6.5, 10_000, 200, 3, 77);
    assertThat(DiskModel.from("x.", m.toKeys("x.")::get)).isEqualTo(m);
    assertThat(DiskModel.from("x.", k -> null)).isEqualTo(DiskModel.HDD);
    assertThat(m.describe()).containsEntry("kind", "emulated rotational disk (benchmark only)").containsEntry("seed", 77L);
  }
}
