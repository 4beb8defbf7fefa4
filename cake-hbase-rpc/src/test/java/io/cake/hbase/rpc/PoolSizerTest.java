package io.cake.hbase.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.aimd.AimdConfig;
import io.cake.core.time.ManualClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PoolSizerTest {
  private static final long MS = 1_000_000L;

  @Test
  void decidesOncePerIntervalFromTheMeanSingleGetServiceTime() {
    ManualClock clock = new ManualClock();
    PoolSizer sizer = new PoolSizer(AimdConfig.DEFAULTS, clock);
    sizer.recordSingleGet(2 * MS);
    assertThat(sizer.tick(10)).as("interval not over").isEqualTo(10);
    clock.advance(Duration.ofSeconds(10));
    assertThat(sizer.tick(10)).as("2 ms < 6 ms: +1").isEqualTo(11);
    assertThat(sizer.lastMeanMillis()).isEqualTo(2.0, org.assertj.core.data.Offset.offset(0.01));
    clock.advance(Duration.ofSeconds(10));
    sizer.recordSingleGet(10 * MS);
    sizer.recordSingleGet(20 * MS);
    assertThat(sizer.tick(11)).as("15 ms > 8 ms: x0.75").isEqualTo(8);
    clock.advance(Duration.ofSeconds(10));
    sizer.recordSingleGet(7 * MS);
    assertThat(sizer.tick(8)).as("between the thresholds: hold").isEqualTo(8);
    clock.advance(Duration.ofSeconds(10));
    assertThat(sizer.tick(8)).as("no gets: hold").isEqualTo(8);
    assertThat(sizer.lastMeanMillis()).isNaN();
  }

  @Test
  void clampsToTheBoundsAndFollowsNewBounds() {
    ManualClock clock = new ManualClock();
    PoolSizer sizer = new PoolSizer(AimdConfig.DEFAULTS, clock);
    clock.advance(Duration.ofSeconds(10));
    sizer.recordSingleGet(100 * MS);
    assertThat(sizer.tick(5)).isEqualTo(4);
    sizer.setConfig(new AimdConfig(6, 8, 0.75, 2, 3, Duration.ofSeconds(1)));
    assertThat(sizer.clamp(10)).isEqualTo(3);
    assertThat(sizer.tick(10)).as("not due, still clamped").isEqualTo(3);
  }

  @Test
  void theControllersCapLimitsGrowthButNotTheMinimum() {
    ManualClock clock = new ManualClock();
    PoolSizer sizer = new PoolSizer(AimdConfig.DEFAULTS, clock);
    sizer.setCap(6);
    clock.advance(Duration.ofSeconds(10));
    sizer.recordSingleGet(1 * MS);
    assertThat(sizer.tick(6)).as("1 ms < 6 ms would grow, the cap holds it").isEqualTo(6);
    assertThat(sizer.clamp(10)).isEqualTo(6);
    sizer.setCap(2);
    assertThat(sizer.clamp(10)).as("never below the AIMD minimum").isEqualTo(4);
    sizer.setCap(0);
    clock.advance(Duration.ofSeconds(10));
    sizer.recordSingleGet(1 * MS);
    assertThat(sizer.tick(6)).as("cap removed: AIMD grows again").isEqualTo(7);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> sizer.setCap(-1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cap");
  }
}
