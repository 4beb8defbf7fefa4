package io.cake.controller.loop;

import io.cake.controller.policy.OperationLatencies;
import io.cake.controller.policy.HBaseInterval;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.sched.FairQueueScheduler;
import io.cake.core.time.ManualClock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HBaseIntervalTest {
  private final ManualClock clock = new ManualClock();
  private final FairQueueScheduler<String> hbase = new FairQueueScheduler<>("hb", clock, 10, 1000, 1000);

  private SchedulerSnapshot roll() {
    clock.advance(Duration.ofSeconds(10));
    return hbase.rollMetrics();
  }

  @Test
  void latenciesPerOperationOfAnotherIntervalCannotBePairedWithTheTenants() {
    SchedulerSnapshot first = roll();
    SchedulerSnapshot second = roll();
    OperationLatencies ofTheFirst = new OperationLatencies(first.endNanos(), Map.of());
    assertThat(new HBaseInterval(first, ofTheFirst).operations()).isSameAs(ofTheFirst);
    assertThatThrownBy(() -> new HBaseInterval(second, ofTheFirst))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("another interval");
    assertThat(HBaseInterval.tenantsOnly(second).operations().latencyNanos()).isEmpty();
  }
}
