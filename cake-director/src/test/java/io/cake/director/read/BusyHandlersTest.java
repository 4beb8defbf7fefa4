package io.cake.director.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class BusyHandlersTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void chargedHandlerTimeOverTheIntervalIsTheBusyHandlers() {
    BusyHandlers b = new BusyHandlers();
    assertThat(b.next(Map.of("front", 1_000_000L, "batch", 5_000_000L), 0)).isNaN();
    // 10 s later: 5 s charged to front, 25 s to batch: 3 handlers busy on average.
    assertThat(b.next(Map.of("front", 6_000_000L, "batch", 30_000_000L), 10 * SECOND)).isCloseTo(3.0, within(1e-9));
  }

  @Test
  void aTenantThatIsNewOrWentBackCountsFromItsNextReading() {
    BusyHandlers b = new BusyHandlers();
    b.next(Map.of("front", 9_000_000L), 0);
    // front restarted its count (forgotten, then seen again); batch is new: neither counts yet.
    assertThat(b.next(Map.of("front", 1_000_000L, "batch", 4_000_000L), 10 * SECOND)).isZero();
    assertThat(b.next(Map.of("front", 3_000_000L, "batch", 12_000_000L), 20 * SECOND)).isCloseTo(1.0, within(1e-9));
  }
}
