package io.cake.controller.policy.minimax;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.controller.policy.ControllerParams;
import io.cake.controller.policy.Observation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The HBase reservation rules for several SLO tenants, one interval at a time, from made-up observations. */
class TenantReservationsTest {
  private static final int HANDLERS = 10;
  private final TenantReservations rules = new TenantReservations(ControllerParams.DEFAULTS, 1.5);

  /** An interval: occupancies at HBase and the DataNode, and busy handlers. */
  private static Observation obs(double hbaseOcc, double hdfsOcc, double hbaseBusy) {
    return new Observation(500, 100, hbaseOcc, hdfsOcc, hbaseBusy, 0.1, HANDLERS, 4);
  }

  private static TenantReservations.Tenant tenant(String name, Observation o, double perf, double share) {
    return new TenantReservations.Tenant(name, o, perf, share);
  }

  private TenantReservations.Result next(Map<String, TenantReservations.Held> now, boolean feasible,
      TenantReservations.Tenant... tenants) {
    return rules.next(now, List.of(tenants), HANDLERS - 1, feasible);
  }

  private static TenantReservations.Held held(int handlers) {
    return new TenantReservations.Held(handlers, 0);
  }

  @Test
  void aMissWaitingAtHBaseReservesAHandlerAndAMetSloReservesNothing() {
    TenantReservations.Result r = next(Map.of(), true,
        tenant("a", obs(0.4, 0.1, 0.3), 0.7, 0.3),
        tenant("b", obs(0.4, 0.1, 0.3), 1.1, 0.3));
    assertThat(r.hbase()).containsEntry("a", 1).containsEntry("b", 0);
    assertThat(r.reasons()).singleElement().asString().contains("a: missed waiting at HBase").contains("reserve handler 1");
  }

  @Test
  void occupanciesUnderTheFloorAreNoiseAndTheLongerQueueDecides() {
    assertThat(next(Map.of(), true, tenant("a", obs(0.04, 0.0, 0.3), 0.7, 0.3)).hbase()).containsEntry("a", 0);
    assertThat(next(Map.of(), true, tenant("a", obs(0.2, 0.3, 0.3), 0.7, 0.3)).hbase())
        .as("waited longer at the DataNode: a handler would not help").containsEntry("a", 0);
  }

  @Test
  void underOverloadOnlyATenantAtLowLoadTakesANewReservationAndThoseHeldStay() {
    TenantReservations.Result r = next(Map.of("b", held(2)), false,
        tenant("a", obs(0.4, 0.1, 0.3), 0.7, 0.3), // 0.3 busy of the 3 handlers its share gives: low load
        tenant("b", obs(0.4, 0.1, 2.5), 0.7, 0.3), // 2.5 of 3: share-bound, keeps what it has
        tenant("c", obs(0.4, 0.1, 2.5), 0.7, 0.3));
    assertThat(r.hbase()).containsEntry("a", 1).containsEntry("b", 2).containsEntry("c", 0);
    assertThat(next(Map.of(), true, tenant("c", obs(0.4, 0.1, 2.5), 0.7, 0.3)).hbase())
        .as("the same tenant while every SLO can be met").containsEntry("c", 1);
    // Few handlers busy because it got few: its queue grew (twice the calls arrived that completed).
    TenantReservations.Tenant starved = new TenantReservations.Tenant("a", obs(0.4, 0.0, 0.3), 0.7, 0.3, 2.0);
    assertThat(rules.next(Map.of(), List.of(starved), HANDLERS - 1, false).hbase()).containsEntry("a", 0);
  }

  @Test
  void waitingAtTheDataNodeReleasesAHandlerOnlyIfTheOnesLeftStayUnderHalfBusy() {
    assertThat(next(Map.of("a", held(2)), true, tenant("a", obs(0.05, 0.5, 0.4), 0.9, 0.3)).hbase())
        .as("0.4 busy fits in half of the one left").containsEntry("a", 1);
    assertThat(next(Map.of("a", held(1)), true, tenant("a", obs(0.05, 0.5, 0.4), 0.9, 0.3)).hbase())
        .as("never the last one while the tenant has load").containsEntry("a", 1);
    assertThat(next(Map.of("a", held(2)), true, tenant("a", obs(0.05, 0.5, 1.2), 0.9, 0.3)).hbase())
        .as("1.2 busy would overload the one left").containsEntry("a", 2);
    assertThat(next(Map.of("a", held(2)), true, tenant("a", obs(0.1, 0.12, 0.4), 0.9, 0.3)).hbase())
        .as("DataNode occupancy not 1.5x HBase's").containsEntry("a", 2);
  }

  @Test
  void slackGivesAnIdleHandlerBackAndTheRecentPeakHoldsIt() {
    Observation idle = obs(0.0, 0.0, 0.2);
    assertThat(next(Map.of("a", held(3)), true, tenant("a", idle, 2.0, 0.3)).hbase()).containsEntry("a", 2);
    assertThat(next(Map.of("a", held(3)), true, tenant("a", idle, 1.3, 0.3)).hbase())
        .as("met, but below the target: kept").containsEntry("a", 3);
    assertThat(next(Map.of("a", held(3)), true, tenant("a", obs(0.02, 0.0, 0.2), 2.0, 0.3)).hbase())
        .as("its queue waited: kept").containsEntry("a", 3);
    // A burst's peak of 1.8 busy handlers, remembered: releasing to 2 would leave them 90% busy.
    assertThat(next(Map.of("a", new TenantReservations.Held(3, 1.8)), true, tenant("a", idle, 2.0, 0.3)).hbase())
        .containsEntry("a", 3);
  }

  @Test
  void theBudgetGoesInOrderAndAShrunkPoolClipsTheLastFirst() {
    Observation missAtHBase = obs(0.4, 0.1, 0.3);
    TenantReservations.Result r = rules.next(Map.of("heavy", held(2), "light", held(1)),
        List.of(tenant("heavy", missAtHBase, 0.7, 0.3), tenant("light", missAtHBase, 0.7, 0.3)), 3, true);
    assertThat(r.hbase()).containsEntry("heavy", 3).containsEntry("light", 0);
    assertThat(r.reasons()).anySatisfy(w -> assertThat(w).contains("light: reservations clipped to what is left (1 -> 0 handlers)"));
  }

  @Test
  void aTenantWithoutAMeasurementKeepsWhatItHasAndItsPeakStillMoves() {
    TenantReservations.Result r = next(Map.of("a", new TenantReservations.Held(1, 0.5)), true,
        tenant("a", obs(0.9, 0.9, 0.9), Double.NaN, 0.3));
    assertThat(r.held().get("a").hbase()).isEqualTo(1);
    assertThat(r.held().get("a").hbasePeak()).isEqualTo(0.9);
  }
}
