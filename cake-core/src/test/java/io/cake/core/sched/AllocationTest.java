package io.cake.core.sched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class AllocationTest {

  @Test
  void defaultsApplyToTenantsNotNamed() {
    Allocation a = Allocation.equalShares().withShare("fe", 9).withReservation("fe", 2);
    assertThat(a.share("fe")).isEqualTo(9);
    assertThat(a.share("anyone")).isEqualTo(Allocation.DEFAULT_SHARE);
    assertThat(a.reservation("fe")).isEqualTo(2);
    assertThat(a.totalReserved()).isEqualTo(2);
    assertThat(a.withReservation("fe", 0).reservations()).isEmpty();
  }

  @Test
  void badValuesAreRefusedNamingTheTenant() {
    assertThatThrownBy(() -> Allocation.equalShares().withShare("fe", 0))
        .hasMessageContaining("share of 'fe'");
    assertThatThrownBy(() -> Allocation.equalShares().withShare("fe", Double.NaN))
        .hasMessageContaining("share of 'fe'");
    assertThatThrownBy(() -> Allocation.equalShares().withReservation("fe", -1))
        .hasMessageContaining("reservation of 'fe'");
    assertThatThrownBy(() -> new Allocation(Map.of("bad name", 1.0), Map.of(), 1))
        .hasMessageContaining("'bad name'");
  }
}
