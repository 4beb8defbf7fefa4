package io.cake.core.level;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.core.sched.Allocation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AllocationTextTest {
  @Test
  void roundTripsAndRefusesBadInput() {
    assertThat(AllocationText.parseShares(" a=0.8, b=0.2 ,")).isEqualTo(Map.of("a", 0.8, "b", 0.2));
    assertThat(AllocationText.parseReservations("")).isEmpty();
    assertThat(AllocationText.format(Map.of("b", 2, "a", 1))).isEqualTo("a=1,b=2");
    assertThatThrownBy(() -> AllocationText.parseShares("a=0")).hasMessageContaining("share of 'a'");
    assertThatThrownBy(() -> AllocationText.parseShares("a")).hasMessageContaining("tenant=value");
    assertThatThrownBy(() -> AllocationText.parseShares("a=1,a=2")).hasMessageContaining("twice");
    assertThatThrownBy(() -> AllocationText.parseReservations("a=1.5")).hasMessageContaining("integer");
    assertThatThrownBy(() -> AllocationText.parseReservations(null)).hasMessageContaining("null");
  }

  @Test
  void sharesAreReportedAsTheFractionTheyGive() {
    Allocation a = new Allocation(Map.of("front", 0.9, "batch", 0.1), Map.of(), 1.0);
    // The operator's "0.9/0.1" beside a busy default tenant: the front end gets 0.45, not 0.9.
    assertThat(AllocationText.formatFractions(a.fractions(List.of("front", "batch", "default"))))
        .isEqualTo("batch=0.050,default=0.500,front=0.450");
    assertThat(AllocationText.formatFractions(a.fractions(List.of("front", "batch"))))
        .isEqualTo("batch=0.100,front=0.900");
  }
}
