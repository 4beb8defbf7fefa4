package io.cake.controller.policy.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReservationsTest {
  @Test
  void theLatencyTenantReservesWhatTheLastSharedSlotRuleLeavesBesideOthers() {
    assertThat(Reservations.reservableBeside(6, 0)).isEqualTo(5);
    assertThat(Reservations.reservableBeside(6, 2)).isEqualTo(3);
    assertThat(Reservations.reservableBeside(6, 5)).isZero();
    assertThat(Reservations.reservableBeside(6, 9)).as("others over the limit leave none, not less").isZero();
    assertThat(Reservations.reservableBeside(1, 0)).isZero();
    assertThat(Reservations.reservableBeside(0, 0)).isZero();
  }
}
