package io.cake.core.level;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SchedulerHostTest {
  /** The timer's delay is all this test reads; the level itself is never called. */
  private static final FirstLevel UNUSED_LEVEL =
      (FirstLevel) Proxy.newProxyInstance(
          FirstLevel.class.getClassLoader(),
          new Class<?>[] {FirstLevel.class},
          (proxy, method, args) -> {
            throw new UnsupportedOperationException(method.getName());
          });

  @Test
  void closesFallOnTheWallClocksMultiplesOfTheIntervalInForceNow() {
    AtomicLong wallClock = new AtomicLong(1_000_001_200L);
    AtomicLong interval = new AtomicLong(5_000);
    SchedulerHost host =
        new SchedulerHost(UNUSED_LEVEL, interval::get, s -> {}, () -> {}, wallClock::get);

    assertThat(host.nextDelayMillis()).isEqualTo(3_800); // to 1_000_005_000, not a whole 5 s

    interval.set(3_000); // a reload changed it: the next close is on the new interval's multiples
    wallClock.set(999_999_700L); // 700 ms past a multiple of 3 s
    assertThat(host.nextDelayMillis()).isEqualTo(2_300);
  }
}
