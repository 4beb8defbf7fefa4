package io.cake.core.sched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class AllocationTest {

  @Test
  void sharesIterateInTenantOrderInEveryJvm() {
    // Map.copyOf's order depends on a per-JVM salt: with it, the simulator's queues would be
    // created (and ties broken) in an order that changes from run to run.
    Map<String, Double> shares = new java.util.HashMap<>();
    for (int i = 0; i < 20; i++) {
      shares.put(Integer.toHexString(i * 0x9E3779B9), 1.0 + i);
    }
    assertThat(new java.util.ArrayList<>(new Allocation(shares, Map.of(), 1.0).shares().keySet())).isSorted();
  }

  @Test
  void bestEffortWeighsAThousandthOfTheLightestTenantUnlessNamed() {
    String be = io.cake.core.tenant.TenantNames.BEST_EFFORT;
    assertThat(Allocation.equalShares().share(be)).isEqualTo(1e-3);
    assertThat(new Allocation(Map.of("front", 0.99, "batch", 0.01), Map.of(), 0.5).share(be)).isEqualTo(1e-5);
    assertThat(new Allocation(Map.of("front", 9.0), Map.of(), 0.2).share(be)).isEqualTo(2e-4);
    assertThat(new Allocation(Map.of(be, 2.0), Map.of(), 1.0).share(be)).as("named").isEqualTo(2.0);
    assertThat(new Allocation(Map.of("a", Double.MIN_VALUE), Map.of(), 1.0).share(be)).isPositive();
  }

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

  @Test
  void reservationsNeverTakeTheLastSharedSlot() {
    assertThat(Allocation.maxReservable(0)).isZero();
    assertThat(Allocation.maxReservable(1)).isZero();
    assertThat(Allocation.maxReservable(2)).isEqualTo(1);
    assertThat(Allocation.maxReservable(6)).isEqualTo(5);

    Allocation a = Allocation.equalShares().withReservation("fe", 3).withReservation("batch", 2);
    assertThat(Allocation.equalShares().fits(1)).as("nothing reserved fits one slot").isTrue();
    assertThat(a.fits(6)).isTrue();
    assertThat(a.fits(5)).as("five reserved of five leaves no shared slot").isFalse();
    a.checkFits(6, "cake.hdfs.soft-limit");
  }

  @Test
  void reservationsThatAddUpPastIntegerMaxValueDoNotFit() {
    // An int sum wraps to a negative total, which fits any slot count.
    Allocation a = Allocation.equalShares().withReservation("fe", Integer.MAX_VALUE).withReservation("batch", 2);
    assertThat(a.totalReserved()).isEqualTo(Integer.MAX_VALUE);
    assertThat(a.fits(6)).isFalse();
    assertThatThrownBy(() -> a.checkFits(6, "cake.hdfs.soft-limit"))
        .hasMessageContaining("cake.hdfs.soft-limit must be >= 2147483648");
  }

  @Test
  void aMisfitNamesTheKeyTheReservationsAndTheNumbers() {
    Allocation a = Allocation.equalShares().withReservation("fe", 3).withReservation("batch", 2);
    assertThatThrownBy(() -> a.checkFits(5, "cake.hdfs.soft-limit"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "reservations {batch=2, fe=3} total 5 but at most 4 of 5 slots may be reserved"
                + " (the last shared slot never is): cake.hdfs.soft-limit must be >= 6 to fit them");
    assertThatThrownBy(() -> a.checkFits(0, "slots"))
        .hasMessageContaining("at most 0 of 0 slots");
  }

  @Test
  void fractionOfAllCountsTheUnnamedTenantsAsOneDefault() {
    Allocation a = new Allocation(Map.of("front", 3.0, "batch", 1.0), Map.of(), 1.0);
    assertThat(a.fractionOfAll("front")).isEqualTo(0.6);
    assertThat(a.fractionOfAll("new")).as("an unnamed tenant: default + itself")
        .isEqualTo(1.0 / 6.0);
  }

  @Test
  void clippingKeepsTheLastSharedSlotAndNameOrder() {
    Allocation a = new Allocation(Map.of("b", 2.0), Map.of("a", 2, "b", 3), 1.0);
    assertThat(a.clippedTo(10)).isSameAs(a);
    assertThat(a.clippedTo(4).reservations()).isEqualTo(Map.of("a", 2, "b", 1));
    assertThat(a.clippedTo(2).reservations()).isEqualTo(Map.of("a", 1));
    assertThat(a.clippedTo(2).shares()).isEqualTo(a.shares());
    assertThat(a.clippedTo(1).reservations()).isEmpty();
  }
}
