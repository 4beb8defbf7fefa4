package io.cake.hdfs.datanode;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class StuckReadThresholdTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  @Test
  void theFloorHoldsUntilReadsComeBackSlowerThanAQuarterOfIt() {
    StuckReadThreshold t = new StuckReadThreshold(1000 * MS, 0);
    assertThat(t.nanos(0)).isEqualTo(1000 * MS);
    t.completed(200 * MS);
    assertThat(t.nanos(1)).as("4 x 200 ms is under the floor").isEqualTo(1000 * MS);
    t.completed(600 * MS);
    assertThat(t.nanos(2)).isEqualTo(2400 * MS);
  }

  @Test
  void aReadLongerThanTheThresholdIsNotLearnedFrom() {
    StuckReadThreshold t = new StuckReadThreshold(1000 * MS, 0);
    t.nanos(0);
    t.completed(30_000 * MS); // a hang that ended: it was written off
    assertThat(t.nanos(1)).isEqualTo(1000 * MS);
  }

  @Test
  void aSlowdownIsForgottenAfterTwoWindows() {
    long w = StuckReadThreshold.WINDOW_NANOS;
    StuckReadThreshold t = new StuckReadThreshold(1000 * MS, 0);
    t.completed(500 * MS);
    assertThat(t.nanos(w - 1)).isEqualTo(2000 * MS);
    assertThat(t.nanos(w)).as("the previous window still counts").isEqualTo(2000 * MS);
    t.completed(100 * MS);
    assertThat(t.nanos(2 * w)).isEqualTo(1000 * MS);
  }

  @Test
  void aHugeReadDoesNotOverflow() {
    StuckReadThreshold t = new StuckReadThreshold(Long.MAX_VALUE / 2, 0);
    t.nanos(0);
    t.completed(Long.MAX_VALUE / 2 - 1);
    assertThat(t.nanos(1)).isEqualTo(Long.MAX_VALUE);
  }
}
