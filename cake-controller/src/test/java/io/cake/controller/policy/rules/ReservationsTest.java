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

  @Test
  void theHandlersToFillTheReservedSlotsFollowLittlesLaw() {
    // The spike's numbers: 2.25 handlers busy while its reads kept 1.22 slots busy, 3 slots reserved.
    assertThat(Reservations.handlersToFill(3, 2.25, 1.22)).isEqualTo(6);
    assertThat(Reservations.handlersToFill(3, 2.0, 1.0)).as("exactly 6, not 7").isEqualTo(6);
    assertThat(Reservations.handlersToFill(2, 2.1, 1.4)).as("3.0000000000000004 in doubles is 3, not 4").isEqualTo(3);
    assertThat(Reservations.handlersToFill(1, 0.9, 0.5)).isEqualTo(2);
    assertThat(Reservations.handlersToFill(0, 2.25, 1.22)).as("no slot reserved, no floor").isZero();
    assertThat(Reservations.handlersToFill(2, 0.5, 1.0)).as("never fewer than one per slot").isEqualTo(2);
    assertThat(Reservations.handlersToFill(2, 0.0, 0.0)).as("load unknown: one per slot").isEqualTo(2);
    assertThat(Reservations.handlersToFill(2, 4.0, 1.0))
        .as("calls mostly outside the DataNode: two per slot at most, the rest is CPU").isEqualTo(4);
  }
}
