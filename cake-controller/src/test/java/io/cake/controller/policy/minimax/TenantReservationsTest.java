package io.cake.controller.policy.minimax;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.controller.policy.ControllerParams;
import io.cake.controller.policy.Observation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The reservation rules for several SLO tenants, one interval at a time, from made-up observations. */
class TenantReservationsTest {
  private static final int HANDLERS = 10;
  private static final int DISKS = 4;
  private final TenantReservations rules = new TenantReservations(ControllerParams.DEFAULTS, 1.5);

  /** An interval: occupancies and busy slots at HBase and the DataNode. */
  private static Observation obs(double hbaseOcc, double hdfsOcc, double hbaseBusy, double hdfsBusy) {
    return new Observation(500, 100, hbaseOcc, hdfsOcc, hbaseBusy, hdfsBusy, HANDLERS, DISKS);
  }

  private static TenantReservations.Tenant tenant(String name, Observation o, double perf, double predicted, double share) {
    return new TenantReservations.Tenant(name, o, perf, predicted, share);
  }

  private TenantReservations.Result next(Map<String, TenantReservations.Held> now, boolean feasible,
      TenantReservations.Tenant... tenants) {
    return rules.next(now, List.of(tenants), HANDLERS - 1, DISKS - 1, feasible);
  }

  private static TenantReservations.Held held(int hbase, int hdfs) {
    return new TenantReservations.Held(hbase, hdfs, 0, 0);
  }

  @Test
  void aMissWaitingAtHBaseReservesAHandlerAndAMetSloReservesNothing() {
    TenantReservations.Result r = next(Map.of(), true,
        tenant("a", obs(0.4, 0.1, 0.3, 0.1), 0.7, 1.5, 0.3),
        tenant("b", obs(0.4, 0.1, 0.3, 0.1), 1.1, 1.5, 0.3));
    assertThat(r.hbase()).containsEntry("a", 1).containsEntry("b", 0);
    assertThat(r.hdfs()).containsEntry("a", 0).containsEntry("b", 0);
    assertThat(r.reasons()).singleElement().asString().contains("a: missed waiting at HBase").contains("reserve handler 1");
  }

  @Test
  void occupanciesUnderTheFloorAreNoiseAndTheLongerQueueDecides() {
    TenantReservations.Result noise = next(Map.of(), true, tenant("a", obs(0.04, 0.0, 0.3, 0.1), 0.7, 1.5, 0.3));
    assertThat(noise.hbase()).containsEntry("a", 0);
    TenantReservations.Result atDisk = next(Map.of(), true, tenant("a", obs(0.2, 0.3, 0.3, 0.1), 0.7, 1.5, 0.3));
    assertThat(atDisk.hbase()).as("waited longer at the DataNode").containsEntry("a", 0);
  }

  @Test
  void aDataNodeSlotIsReservedOnlyWhenSharesArePredictedShortAndTheLoadIsLow() {
    Observation waitsAtDisk = obs(0.0, 0.3, 0.3, 0.2);
    assertThat(next(Map.of(), true, tenant("a", waitsAtDisk, 0.7, 1.2, 0.3)).hdfs())
        .as("the new shares are enough by its model").containsEntry("a", 0);
    // share 0.3 of 4 disks = 1.2 slots; 0.2 busy is low load.
    TenantReservations.Result low = next(Map.of(), false, tenant("a", waitsAtDisk, 0.7, 0.8, 0.3));
    assertThat(low.hdfs()).containsEntry("a", 1);
    assertThat(low.reasons()).singleElement().asString().contains("a load share cannot help");
    // 0.8 busy of its 1.2 slots: share-bound, so more share is the answer (and under overload the weights).
    assertThat(next(Map.of(), false, tenant("a", obs(0.0, 0.3, 0.9, 0.8), 0.7, 0.8, 0.3)).hdfs())
        .containsEntry("a", 0);
  }

  @Test
  void underOverloadOnlyATenantAtLowLoadTakesANewReservationAndThoseHeldStay() {
    Map<String, TenantReservations.Held> now = Map.of("b", held(2, 1));
    TenantReservations.Result r = next(now, false,
        tenant("a", obs(0.4, 0.1, 0.3, 0.1), 0.7, 0.9, 0.3), // 0.3 of its 3 handlers: low load
        tenant("b", obs(0.4, 0.1, 2.5, 0.9), 0.7, 0.9, 0.3), // 2.5 of its 3: share-bound
        tenant("c", obs(0.4, 0.1, 2.5, 0.9), 0.7, 0.9, 0.3));
    assertThat(r.hbase()).containsEntry("a", 1).containsEntry("b", 2).containsEntry("c", 0);
    assertThat(r.hdfs()).containsEntry("b", 1);
  }

  @Test
  void waitingAtTheDataNodeReleasesAHandlerOnlyIfTheOnesLeftStayUnderHalfBusy() {
    Observation atDisk = obs(0.05, 0.5, 0.4, 0.3);
    assertThat(next(Map.of("a", held(2, 0)), true, tenant("a", atDisk, 0.9, 1.0, 0.3)).hbase())
        .as("0.4 busy fits in half of the one left").containsEntry("a", 1);
    assertThat(next(Map.of("a", held(1, 0)), true, tenant("a", atDisk, 0.9, 1.0, 0.3)).hbase())
        .as("never the last one while the tenant has load").containsEntry("a", 1);
    assertThat(next(Map.of("a", held(2, 0)), true, tenant("a", obs(0.05, 0.5, 1.2, 0.3), 0.9, 1.0, 0.3)).hbase())
        .as("1.2 busy would overload the one left").containsEntry("a", 2);
    assertThat(next(Map.of("a", held(2, 2)), true, tenant("a", atDisk, 0.9, 1.0, 0.3)).hbase())
        .as("not below its DataNode reservations (Algorithm 2)").containsEntry("a", 2);
  }

  @Test
  void slackGivesAnIdleReservationBackAtEachLevelAndTheRecentPeakHoldsIt() {
    Observation idle = obs(0.0, 0.0, 0.2, 0.1);
    TenantReservations.Result r = next(Map.of("a", held(3, 2)), true, tenant("a", idle, 2.0, 2.0, 0.3));
    assertThat(r.hbase()).containsEntry("a", 2);
    assertThat(r.hdfs()).containsEntry("a", 1);
    assertThat(next(Map.of("a", held(3, 2)), true, tenant("a", idle, 1.3, 2.0, 0.3)).hbase())
        .as("met, but below the target: kept").containsEntry("a", 3);
    // A burst's peak of 1.8 busy handlers, remembered: releasing to 2 would leave them 90% busy.
    TenantReservations.Held afterBurst = new TenantReservations.Held(3, 0, 1.8, 0);
    assertThat(next(Map.of("a", afterBurst), true, tenant("a", idle, 2.0, 2.0, 0.3)).hbase()).containsEntry("a", 3);
  }

  @Test
  void theBudgetGoesInOrderAndAShrunkPoolClipsTheLastFirst() {
    Observation missAtHBase = obs(0.4, 0.1, 0.3, 0.1);
    TenantReservations.Result r = rules.next(Map.of("heavy", held(2, 0), "light", held(1, 0)),
        List.of(tenant("heavy", missAtHBase, 0.7, 1.5, 0.3), tenant("light", missAtHBase, 0.7, 1.5, 0.3)),
        3, 3, true);
    assertThat(r.hbase()).containsEntry("heavy", 3).containsEntry("light", 0);
    assertThat(r.reasons()).anySatisfy(w -> assertThat(w).contains("light: reservations clipped"));
  }

  @Test
  void aTenantWithoutAMeasurementKeepsWhatItHasAndItsPeakStillMoves() {
    TenantReservations.Held h = new TenantReservations.Held(1, 1, 0.5, 0.5);
    TenantReservations.Result r = next(Map.of("a", h), true, tenant("a", obs(0.9, 0.9, 0.9, 0.2), Double.NaN, Double.NaN, 0.3));
    assertThat(r.held().get("a").hbase()).isEqualTo(1);
    assertThat(r.held().get("a").hdfs()).isEqualTo(1);
    assertThat(r.held().get("a").hbasePeak()).isEqualTo(0.9);
  }
}
