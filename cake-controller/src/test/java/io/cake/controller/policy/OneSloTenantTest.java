package io.cake.controller.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.ThroughputGoal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

import io.cake.core.sched.Allocation;
import io.cake.core.tenant.Goal;
import java.util.List;
import java.util.Map;

/**
 * The paper's case, one SLO tenant beside batch, through the one decision path ({@link
 * Planner}): Algorithms 1 and 2, the give-back guard, the headroom, the others' limit.
 */
class OneSloTenantTest {
  private static final ControllerParams OFF = ControllerParams.DEFAULTS.withHeadroom(0);
  private final LatencyGoal p99at100 = LatencyGoal.of(99, 100);

  /** One decision, read as the paper's controller reads it: the SLO tenant's part. */
  record D(Plan plan) {
    TenantState allocation() {
      return plan.state().tenants().get("fe");
    }

    double performance() {
      return plan.tenants().get(0).view().performance();
    }

    List<String> reasons() {
      return plan.tenants().get(0).reasons();
    }

    String describe() {
      return plan.describe();
    }
  }

  private static TenantState start(double share, int hdfsReserved, int hbaseReserved) {
    return TenantState.start(share, hdfsReserved, hbaseReserved);
  }

  private static Observation obs(double p99Ms, double hbaseOcc, double hdfsOcc) {
    return new Observation(1_000, p99Ms, hbaseOcc, hdfsOcc, 10, 6);
  }

  private D decide(Observation o, TenantState s) {
    return decide(ControllerParams.DEFAULTS, o, s);
  }

  private D decide(ControllerParams p, Observation o, TenantState s) {
    return decide(p, o, s, LatencyGoal.of(99, 100), 0, 0, 0);
  }

  private D decide(Observation o, TenantState s, Goal goal, int hdfsOthers, int hbaseOthers, double othersLimit) {
    return decide(ControllerParams.DEFAULTS, o, s, goal, hdfsOthers, hbaseOthers, othersLimit);
  }

  /**
   * @param hdfsOthers, hbaseOthers slots reserved for another tenant without an SLO
   * @param othersLimit the limit on batch now (batch keeps 6 handlers busy beside the tenant)
   */
  private static D decide(ControllerParams p, Observation o, TenantState s, Goal goal, int hdfsOthers,
      int hbaseOthers, double othersLimit) {
    return decide(p, o, true, s, goal, hdfsOthers, hbaseOthers, othersLimit);
  }

  /** @param slowSeen whether a request was over the SLO: the other decides read a miss from requests */
  private static D decide(ControllerParams p, Observation o, boolean slowSeen, TenantState s, Goal goal,
      int hdfsOthers, int hbaseOthers, double othersLimit) {
    SloTarget t = new SloTarget("fe", goal);
    TenantView v = Meter.view(t, o, o.samples(), slowSeen, p);
    Allocation hb = new Allocation(Map.of("batch", 1.0, "etl", 1.0), Map.of("etl", hbaseOthers), 1.0);
    Allocation df = new Allocation(Map.of("batch", 1.0, "etl", 1.0), Map.of("etl", hdfsOthers), 1.0);
    ResourceLoad hbLoad = new ResourceLoad(o.hbaseSlots(), Map.of("batch", new ResourceLoad.TenantLoad(1.0, 6)));
    ResourceLoad dfLoad = new ResourceLoad(o.hdfsSlots(), Map.of("batch", new ResourceLoad.TenantLoad(1.0, 2)));
    return new D(new Planner(p).plan(new ControllerState(Map.of("fe", s), othersLimit, PriorityLanes.State.EMPTY, false),
        Map.of("fe", v), hb, df, hbLoad, dfLoad));
  }

  @Test
  void missingTheSloMovesShareByTheLinearModelBoundedToTenPercentTimesTheMiss() {
    // perf 0.5 (2x over): the linear model wants share 1.0, the step is bounded to 2 x 10% of 0.5.
    D d = decide(obs(200, 0, 0), start(0.5, 0, 0));
    assertThat(d.performance()).isEqualTo(0.5);
    assertThat(d.allocation().share()).isCloseTo(0.6, within(1e-9));
    // perf 0.2 (5x over): 5 x 10% of 0.5 = 0.25.
    D far = decide(obs(500, 0, 0), start(0.5, 0, 0));
    assertThat(far.allocation().share()).isCloseTo(0.75, within(1e-9));
    // perf 0.95: the model wants 0.6/0.95 = 0.6316, less than the 10% bound.
    D small = decide(obs(100 / 0.95, 0, 0), start(0.6, 0, 0));
    assertThat(small.allocation().share()).isCloseTo(0.6 / 0.95, within(1e-9));
  }

  @Test
  void exceedingTheSloGivesShareBack() {
    D d = decide(obs(50, 0, 0), start(0.5, 0, 0));
    assertThat(d.allocation().share()).isCloseTo(0.45, within(1e-9));
    D met = decide(obs(90, 0, 0), start(0.5, 0, 0));
    assertThat(met.allocation().share()).as("1.0 <= perf <= 1.2 keeps shares").isEqualTo(0.5);
  }

  @Test
  void shareAbove99PercentStillMissingReservesAnHdfsSlotAndCompensates() {
    D d = decide(obs(200, 0, 0.2), start(0.995, 0, 0));
    assertThat(d.allocation().hdfsReserved()).isEqualTo(1);
    assertThat(d.allocation().share()).isCloseTo(0.995 - 1.0 / 6, within(1e-9));
  }

  @Test
  void noHdfsReservationForATenantThatDoesNotWaitAtTheDataNode() {
    // The paper reserves at share > 99% whatever the DataNode queue did; a reserved slot for a
    // tenant that does not wait for slots idles beside it.
    D d = decide(obs(200, 0, 0.0), start(0.995, 0, 0));
    assertThat(d.allocation().hdfsReserved()).isZero();
    assertThat(d.describe()).contains("no HDFS reservation: hardly waiting at the DataNode");
  }

  @Test
  void aMissShareCannotFixWhileWaitingAtTheDataNodeReservesASlotAtOnce() {
    // perf 0.5 at share 0.5: the linear model wants 100%, beyond the 99% bound; the tenant's
    // DataNode queue was busy 30% of the interval: reserve now and step share (+2 x 10% of 0.5).
    D d = decide(obs(200, 0, 0.3), start(0.5, 0, 0));
    assertThat(d.allocation().hdfsReserved()).isEqualTo(1);
    assertThat(d.allocation().share()).isCloseTo(0.6, within(1e-9));
    assertThat(d.describe()).as("the model's share before the step").contains("the model wants 100%");
    // Share can still fix a small miss: no reservation.
    D small = decide(obs(110, 0, 0.3), start(0.5, 0, 0));
    assertThat(small.allocation().hdfsReserved()).isZero();
    // Not waiting at the DataNode: a reservation there would not help.
    D cpu = decide(obs(200, 0, 0.01), start(0.5, 0, 0));
    assertThat(cpu.allocation().hdfsReserved()).isZero();
  }

  @Test
  void shareBelowOnePercentWithSlackReleasesAnHdfsSlotAndCompensates() {
    D d = decide(obs(50, 0.5, 0.5), start(0.005, 2, 2));
    assertThat(d.allocation().hdfsReserved()).isEqualTo(1);
    assertThat(d.allocation().share()).isCloseTo(0.005 + 1.0 / 5, within(1e-9));
  }

  @Test
  void theLastSharedSlotIsNeverReserved() {
    Observation tight = new Observation(1_000, 200, 0.9, 0.1, 3, 2);
    D d = decide(tight, start(0.995, 1, 2));
    assertThat(d.allocation().hdfsReserved()).isEqualTo(1);
    assertThat(d.allocation().hbaseReserved()).isEqualTo(2);
    // Other tenants' reservations count too.
    D others = decide(tight, start(0.995, 0, 0), p99at100, 1, 2, 0);
    assertThat(others.allocation().hdfsReserved()).isZero();
    assertThat(others.allocation().hbaseReserved()).isZero();
  }

  @Test
  void tooFewSamplesMeansNoLatencyDrivenChange() {
    Observation few = new Observation(12, 900, 0, 0, 10, 6);
    D d = decide(few, start(0.5, 0, 0));
    assertThat(d.allocation().share()).isEqualTo(0.5);
    assertThat(d.reasons()).anyMatch(r -> r.contains("12 samples"));
  }

  @Test
  void tooFewSamplesStillTakeShareOnAClearMiss() {
    // 30 requests, too few for a p99 (min-samples 100), but at confidence 0.985 two over the SLO
    // are chance (P = 0.037 when the p99 sits on it) and three are not (P = 0.004).
    Observation twoOver = new Observation(30, 400, 0.1, 0.5, 0.3, 0.8, 10, 6, 99.83, 2);
    Observation threeOver = new Observation(30, 400, 0.1, 0.5, 0.3, 0.8, 10, 6, 99.83, 3);
    TenantState s = start(0.34, 0, 0);
    assertThat(decide(twoOver, s).allocation().share()).isEqualTo(0.34);
    D d = decide(threeOver, s);
    assertThat(d.performance()).isCloseTo(0.25, within(1e-9));
    assertThat(d.allocation().share()).isGreaterThan(0.34);
    assertThat(d.reasons()).anyMatch(r -> r.contains("only 30 samples (< 100), but 3 over the SLO: a clear miss"));
    // Where the time went is not judged from so few: the others' limit waits (this miss, hardly
    // waiting at the DataNode, would hold the others back from a whole interval).
    Observation cpuBound = new Observation(30, 400, 0.1, 0.0, 0.3, 0.0, 10, 6, 99.83, 3);
    assertThat(decide(cpuBound, start(0.34, 0, 0)).plan().othersLimit()).isZero();
    Observation cpuBoundWhole = new Observation(300, 400, 0.1, 0.0, 0.3, 0.0, 10, 6, 99.83, 20);
    assertThat(decide(cpuBoundWhole, start(0.34, 0, 0)).plan().othersLimit()).isPositive();
    // Slack is never judged from so few: a clear miss is the only exception.
    Observation fast = new Observation(30, 10, 0.0, 0.0, 0.3, 0.1, 10, 6, 99.83, 0);
    assertThat(decide(fast, s).allocation().share()).isEqualTo(0.34);
  }

  @Test
  void hbaseSharesFollowAndReservationsFollowQueueOccupancy() {
    D bottleneck = decide(obs(90, 0.6, 0.1), start(0.5, 0, 0));
    assertThat(bottleneck.allocation().hbaseReserved()).isEqualTo(1);
    D hdfsBound = decide(obs(90, 0.1, 0.6), start(0.5, 1, 3));
    assertThat(hdfsBound.allocation().hbaseReserved()).isEqualTo(2);
    D notBelowHdfs = decide(obs(90, 0.1, 0.6), start(0.5, 2, 2));
    assertThat(notBelowHdfs.allocation().hbaseReserved()).as("never below the HDFS reservation").isEqualTo(2);
    D noise = decide(obs(90, 0.02, 0.01), start(0.5, 0, 0));
    assertThat(noise.allocation().hbaseReserved()).as("occupancies under the floor are noise").isZero();
  }

  @Test
  void theHbaseReservationFollowsTheHandlersItTakesToReachTheReservedSlots() {
    // The hdd spike: share 99.9%, 3 of 4 slots and 2 handlers reserved, the SLO still missed while
    // waiting at both levels; 2.25 handlers busy per 1.22 slots reading.
    Observation spike = new Observation(300, 209, 0.49, 0.55, 2.25, 1.22, 10, 4);
    D d = decide(spike, start(0.999, 3, 2));
    assertThat(d.allocation().hdfsReserved()).isEqualTo(3);
    assertThat(d.allocation().hbaseReserved()).isEqualTo(6);
    assertThat(d.describe()).contains("reserve HBase handlers 2 -> 6");
    // With slack and idle queues the HDFS slot goes first, and the handlers only once the floor
    // for the slots left is below them: 0.5 handlers per 0.3 slots is 4 for 2 slots, 2 for 1.
    Observation calm = new Observation(300, 40, 0.0, 0.0, 0.5, 0.3, 10, 4);
    D first = decide(calm, start(0.5, 2, 4));
    assertThat(first.allocation().hdfsReserved()).isEqualTo(1);
    assertThat(first.allocation().hbaseReserved()).as("4 is the floor for 2 slots").isEqualTo(4);
    D next = decide(calm, first.allocation());
    assertThat(next.allocation().hbaseReserved()).isEqualTo(3);
    // A tenant that reserves no DataNode slot (the memory regime) gets no floor.
    D cpu = decide(new Observation(300, 90, 0.1, 0.6, 2.25, 0.0, 10, 4), start(0.5, 0, 1));
    assertThat(cpu.allocation().hbaseReserved()).isEqualTo(1);
    // Never beyond what may be reserved: 4 handlers leave 3.
    D small = decide(new Observation(300, 209, 0.49, 0.55, 2.25, 1.22, 4, 4), start(0.999, 3, 2));
    assertThat(small.allocation().hbaseReserved()).isEqualTo(3);
  }

  @Test
  void anIdleReservationIsReleasedWithSlackAndAFailedReleaseBacksOff() {
    TenantState s = start(0.3, 0, 3);
    Observation idle = new Observation(1_000, 40, 0.0, 0.0, 0.4, 0.1, 10, 6);
    Observation busy = new Observation(1_000, 40, 0.0, 0.0, 1.5, 0.1, 10, 6);
    assertThat(decide(busy, s).allocation().hbaseReserved())
        .as("two remaining handlers would be 75% busy: keep").isEqualTo(3);
    D release = decide(idle, s);
    assertThat(release.allocation().hbaseReserved()).isEqualTo(2);
    assertThat(release.allocation().probing()).isTrue();

    D missed = decide(obs(300, 0.0, 0.0), release.allocation());
    assertThat(missed.allocation().hold()).isEqualTo(StepGuard.FIRST_BACKOFF);
    assertThat(missed.allocation().backoff()).isEqualTo(2 * StepGuard.FIRST_BACKOFF);

    TenantState slackAgain =
        new TenantState(0.3, 0, 3, 0, 0, missed.allocation().hold(), missed.allocation().backoff(), false);
    D held = decide(idle, slackAgain);
    assertThat(held.allocation().hbaseReserved()).as("on hold").isEqualTo(3);
    assertThat(held.reasons()).anyMatch(r -> r.contains("on hold"));
  }

  @Test
  void aDataNodeSlotGoesWithSlackWhenTheSlotsLeftStayHalfBusyWhateverItsQueueWaited() {
    // An hdd steady state: SLO exceeded (perf 1.25), 3 slots reserved and 0.58 busy, the queue
    // at occupancy 0.19 (reads waiting for their own disks), 5 handlers reserved (the floor that
    // reaches 3 slots): the queue is not idle, the reserved slots are.
    TenantState s = start(0.265, 3, 5);
    Observation slack = new Observation(1_000, 80, 0.0, 0.19, 0.84, 0.58, 10, 4);
    D d = decide(slack, s);
    assertThat(d.allocation().hdfsReserved()).isEqualTo(2);
    assertThat(d.allocation().hbaseReserved()).as("the handlers follow next interval").isEqualTo(5);
    assertThat(d.allocation().probing()).isTrue();
    assertThat(d.describe()).contains("3 reserved HDFS slots with 0.58 busy");

    // One slot left would be 0.58 busy, more than half: the two stay; the handlers above the
    // floor for two slots (ceil(2 x 0.84 / 0.58) = 3) go, one per interval.
    D next = decide(slack, d.allocation());
    assertThat(next.allocation().hdfsReserved()).isEqualTo(2);
    assertThat(next.allocation().hbaseReserved()).isEqualTo(4);

    // A load the two left could not carry at half busy (a spike's 1.2 slots) keeps all three.
    Observation spike = new Observation(1_000, 80, 0.0, 0.19, 2.0, 1.2, 10, 4);
    assertThat(decide(spike, s).allocation().hdfsReserved()).isEqualTo(3);
    // Without slack nothing goes.
    Observation met = new Observation(1_000, 95, 0.0, 0.19, 0.84, 0.58, 10, 4);
    assertThat(decide(met, s).allocation().hdfsReserved()).isEqualTo(3);
  }

  @Test
  void aMissWhileTheLoadRunsTheReservedSlotsMoreThanHalfBusyReservesOneMore() {
    // A spike in the hdd regime: 2 of 4 slots reserved, share 73.5%, 1.17 slots and 2.14 handlers
    // busy, the DataNode queue at occupancy 0.59, perf 0.99. The share rule alone steps 1.1 points.
    TenantState s = start(0.735, 2, 4);
    Observation spike = new Observation(1_000, 101, 0.13, 0.59, 2.14, 1.17, 10, 4);
    D d = decide(spike, s);
    assertThat(d.allocation().hdfsReserved()).isEqualTo(3);
    assertThat(d.allocation().share()).isGreaterThan(0.735);
    assertThat(d.describe()).contains("1.17 HDFS slots busy, more than half of 2 reserved");
    // The release rule keeps the third slot at that load: the two rules never undo each other.
    Observation slack = new Observation(1_000, 80, 0.0, 0.59, 2.14, 1.17, 10, 4);
    assertThat(decide(slack, d.allocation()).allocation().hdfsReserved()).isEqualTo(3);

    // At most half busy (0.9 of 2): the share rule alone.
    Observation half = new Observation(1_000, 101, 0.13, 0.59, 1.6, 0.9, 10, 4);
    assertThat(decide(half, s).allocation().hdfsReserved()).isEqualTo(2);
    // Not waiting at the DataNode (a CPU-bound miss): no slot.
    Observation cpu = new Observation(1_000, 101, 0.13, 0.01, 2.14, 1.17, 10, 4);
    assertThat(decide(cpu, s).allocation().hdfsReserved()).isEqualTo(2);
    // SLO met: no slot.
    Observation met = new Observation(1_000, 95, 0.13, 0.59, 2.14, 1.17, 10, 4);
    assertThat(decide(met, s).allocation().hdfsReserved()).isEqualTo(2);
    // No slot held yet: the first is for a miss share cannot fix (a cold start's perf 0.65 at
    // share 36%, 0.77 busy, wants 55%), not for this rule.
    TenantState cold = start(0.36, 0, 0);
    Observation coldMiss = new Observation(1_000, 100 / 0.65, 0.24, 0.46, 1.33, 0.77, 10, 4);
    assertThat(decide(coldMiss, cold).allocation().hdfsReserved()).isZero();
  }

  @Test
  void slotsClippedToWhatOthersLeaveAreNotAReleaseThatBlocksTheSlackOne() {
    // 3 slots held, but another tenant now reserves 1 of 4: the tenant may hold 2. The clip is
    // not a release of this interval, so the slack release still gives one back (0.3 busy).
    TenantState s = start(0.3, 3, 2);
    Observation slack = new Observation(1_000, 80, 0.05, 0.0, 0.5, 0.3, 10, 4);
    D d = decide(slack, s, p99at100, 1, 0, 0);
    assertThat(d.allocation().hdfsReserved()).isEqualTo(1);
    assertThat(d.describe()).contains("2 reserved HDFS slots with 0.30 busy");
  }

  @Test
  void givingShareBackIsAProbeAndAGiveBackThatMissesPutsTheNextOnHold() {
    TenantState s = start(0.5, 0, 0);
    D gave = decide(obs(50, 0, 0), s);
    assertThat(gave.allocation().share()).isCloseTo(0.45, within(1e-9));
    assertThat(gave.allocation().probing()).isTrue();

    D missed = decide(obs(120, 0, 0), gave.allocation());
    assertThat(missed.allocation().share()).as("the miss still takes share back").isGreaterThan(0.45);
    assertThat(missed.allocation().hold()).isEqualTo(StepGuard.FIRST_BACKOFF);
    assertThat(missed.allocation().backoff()).isEqualTo(2 * StepGuard.FIRST_BACKOFF);
    assertThat(missed.allocation().probing()).isFalse();
    assertThat(missed.reasons()).anyMatch(r -> r.contains("the last give-back missed"));

    // Slack again right away: on hold for FIRST_BACKOFF - 1 more decisions, then given back.
    TenantState st = missed.allocation();
    for (int i = 1; i < StepGuard.FIRST_BACKOFF; i++) {
      D held = decide(obs(50, 0, 0), st);
      assertThat(held.allocation().share()).as("decision %d on hold", i).isEqualTo(missed.allocation().share());
      assertThat(held.reasons()).anyMatch(r -> r.contains("on hold"));
      st = held.allocation();
    }
    D again = decide(obs(50, 0, 0), st);
    assertThat(again.allocation().share()).isLessThan(missed.allocation().share());
    assertThat(again.allocation().probing()).isTrue();

    // That probe holds (perf between 1.0 and 1.2): the back-off starts over.
    D held = decide(obs(90, 0, 0), again.allocation());
    assertThat(held.allocation().backoff()).isEqualTo(StepGuard.FIRST_BACKOFF);
    assertThat(held.allocation().probing()).isFalse();
  }

  @Test
  void throughputGoalsNormaliseTheOtherWayRound() {
    Observation o = new Observation(1_000, 500, 0, 0, 10, 6);
    D d = decide(o, start(0.5, 0, 0), new ThroughputGoal(1000), 0, 0, 0);
    assertThat(d.performance()).isEqualTo(0.5);
    assertThat(d.allocation().share()).isGreaterThan(0.5);
  }

  @Test
  void paramsRefuseNonsenseNamingTheField() {
    ControllerParams p = ControllerParams.DEFAULTS;
    assertThatThrownBy(() -> p.withInterval(Duration.ZERO)).hasMessageContaining("interval");
    assertThatThrownBy(() -> p.withMinSamples(0)).hasMessageContaining("minSamples");
    assertThatThrownBy(
            () -> new ControllerParams(1.0, 0.9, 0.1, 0.99, 0.01, 1.5, 0.05, 0.01, 100, Duration.ofSeconds(10)))
        .hasMessageContaining("highPerformance");
    assertThatThrownBy(
            () -> new ControllerParams(1.0, 1.2, 0.1, 0.99, 0.01, 0.5, 0.05, 0.01, 100, Duration.ofSeconds(10)))
        .hasMessageContaining("occupancyCoefficient");
  }

  // ---- the others' limit: where share cannot help, the tenants without an SLO are held back.

  @Test
  void aCpuBoundMissHoldsTheOthersToTheFactorOfWhatTheyHeldOrByTheMiss() {
    // Never waited at the DataNode, not reading there: batch's 6 busy handlers slow the gets.
    D small = decide(obs(110, 0.0, 0.0), start(0.5, 0, 2)); // perf 0.91: the factor, 0.75
    assertThat(small.plan().othersLimit()).isCloseTo(4.5, within(1e-9));
    assertThat(small.plan().othersReason()).contains("fe missed (perf 0.91) where share cannot help");
    D far = decide(obs(200, 0.0, 0.0), start(0.5, 0, 2), p99at100, 0, 0, 4.5); // perf 0.5: by the miss
    assertThat(far.plan().othersLimit()).isCloseTo(2.25, within(1e-9));
    D huge = decide(obs(1_000, 0.0, 0.0), start(0.5, 0, 2), p99at100, 0, 0, 2.25); // perf 0.1: a quarter at most
    assertThat(huge.plan().othersLimit()).isCloseTo(2.25 * 0.25, within(1e-9));
    double limit = huge.plan().othersLimit();
    for (int i = 0; i < 20; i++) {
      limit = decide(obs(1_000, 0.0, 0.0), start(0.5, 0, 2), p99at100, 0, 0, limit).plan().othersLimit();
    }
    assertThat(limit).as("slowed, never stopped").isEqualTo(OthersLimit.LEAST);
  }

  /**
   * The same misses as the two tests above, read from a tail fitted to requests none of which was
   * over the SLO (docs/decisions/0031-act-on-misses-the-requests-show.md): the share steps as
   * before, but neither the others' limit nor an HDFS reservation, which cost batch most, acts.
   */
  @Test
  void aMissNoRequestShowsMovesShareButNeitherLimitsTheOthersNorReserves() {
    LatencyGoal goal = LatencyGoal.of(99, 100);
    D cpu = decide(ControllerParams.DEFAULTS, obs(110, 0.0, 0.0), false, start(0.5, 0, 2), goal, 0, 0, 0);
    assertThat(cpu.plan().othersLimit()).isZero();
    assertThat(cpu.allocation().share()).isGreaterThan(0.5);
    D held = decide(ControllerParams.DEFAULTS, obs(200, 0.0, 0.0), false, start(0.5, 0, 2), goal, 0, 0, 4.5);
    assertThat(held.plan().othersLimit()).as("a limit in force is kept, not cut").isEqualTo(4.5);
    D disk = decide(ControllerParams.DEFAULTS, obs(200, 0, 0.3), false, start(0.5, 0, 0), goal, 0, 0, 0);
    assertThat(disk.allocation().hdfsReserved()).isZero();
    assertThat(disk.allocation().share()).isCloseTo(0.6, within(1e-9));
    assertThat(disk.describe()).contains("no HDFS reservation: no request over the SLO");
  }

  @Test
  void aMissAtTheDiskOrInAQueueLeavesTheOthersToShares() {
    D queued = decide(obs(200, 0.0, 0.3), start(0.5, 0, 0));
    assertThat(queued.plan().othersLimit()).isZero();
    assertThat(queued.allocation().share()).isGreaterThan(0.5);
    // Slots reserved: no occupancy at the gate, but 3.0 of the 4.0 busy handlers are reading at
    // the DataNode: disk-bound, not CPU-bound.
    D disk = decide(new Observation(1_000, 200, 0.0, 0.0, 4.0, 3.0, 10, 4), start(0.9, 2, 3));
    assertThat(disk.plan().othersLimit()).isZero();
    D cpu = decide(new Observation(1_000, 200, 0.0, 0.0, 4.0, 1.0, 10, 4), start(0.9, 2, 3));
    assertThat(cpu.plan().othersLimit()).isPositive();
  }

  @Test
  void aMissWithTheShareSpentHoldsTheOthersWhateverItWaitedFor() {
    // Share 99.9%, waiting at the DataNode, every slot it may reserve already reserved.
    D spent = decide(new Observation(1_000, 200, 0.2, 0.6, 4.0, 3.0, 10, 4), start(0.999, 3, 6));
    assertThat(spent.allocation().hdfsReserved()).isEqualTo(3);
    assertThat(spent.plan().othersLimit()).isPositive();
  }

  @Test
  void slackGrowsTheLimitAsAProbeAndLiftsItAtThePool() {
    Observation slack = obs(50, 0.0, 0.0);
    D below = decide(slack, start(0.5, 0, 0), p99at100, 0, 0, 0.5);
    assertThat(below.plan().othersLimit()).as("a twentieth of a handler below one").isCloseTo(0.55, within(1e-9));
    assertThat(below.allocation().probing()).isTrue();
    D above = decide(slack, start(0.5, 0, 0), p99at100, 0, 0, 4.5);
    assertThat(above.plan().othersLimit()).as("one handler above").isEqualTo(5.0);
    D lifted = decide(slack, start(0.5, 0, 0), p99at100, 0, 0, 9);
    assertThat(lifted.plan().othersLimit()).isZero();
    assertThat(lifted.describe()).contains("the others' limit lifted");
    // Within the band (perf 1.0 - 1.2): kept.
    assertThat(decide(obs(90, 0, 0), start(0.5, 0, 0), p99at100, 0, 0, 4.5).plan().othersLimit()).isEqualTo(4.5);
    // A growth that misses puts the next on hold, as giving share back does.
    TenantState probed = new TenantState(0.5, 0, 0, 0, 0, 0, StepGuard.FIRST_BACKOFF, true);
    D missed = decide(obs(130, 0.0, 0.3), probed, p99at100, 0, 0, 5);
    assertThat(missed.allocation().hold()).isEqualTo(StepGuard.FIRST_BACKOFF);
    assertThat(decide(slack, missed.allocation(), p99at100, 0, 0, 5).plan().othersLimit()).as("on hold").isEqualTo(5.0);
  }

  @Test
  void noLimitWhenTurnedOffOrJudgedOnTooFew() {
    D off = decide(ControllerParams.DEFAULTS.withPoolCapFactor(0), obs(200, 0, 0), start(0.5, 0, 0));
    assertThat(off.plan().othersLimit()).isZero();
    D few = decide(new Observation(5, 500, 0, 0, 10, 6), start(0.5, 0, 0), p99at100, 0, 0, 3);
    assertThat(few.plan().othersLimit()).as("noise: the limit kept").isEqualTo(3.0);
    assertThatThrownBy(() -> ControllerParams.DEFAULTS.withPoolCapFactor(1.0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("poolCapFactor");
  }

  // ---- headroom: share kept for twice the recent peak load (busy slots) beside the reservations.

  /** 1,000 samples at {@code p99Ms}, occupancy 0, {@code hbaseBusy}/{@code hdfsBusy} busy of 10 handlers / 4 slots. */
  private static Observation busy(double p99Ms, double hbaseBusy, double hdfsBusy) {
    return new Observation(1_000, p99Ms, 0, 0, hbaseBusy, hdfsBusy, 10, 4);
  }

  @Test
  void shareBelowTwiceTheTenantsLoadIsRaisedEvenWithTheSloMet() {
    // 1 of 4 DataNode slots busy, none reserved: 2 x 1 / 4 = 50% of the shared slots.
    D d = decide(busy(90, 0.5, 1.0), start(0.3, 0, 0));
    assertThat(d.allocation().share()).isCloseTo(0.5, within(1e-9));
    assertThat(d.describe()).contains("headroom: share 30.0% -> 50.0%");
    // Reserved slots count: with 1 of the 4 reserved, (2 x 1 - 1) / 3 shared.
    D reserved = decide(busy(90, 0.5, 1.0), start(0.3, 1, 0));
    assertThat(reserved.allocation().share()).isCloseTo(1.0 / 3, within(1e-9));
    // HBase too: 3 handlers busy, 2 reserved, 8 shared: (6 - 2) / 8.
    D hbase = decide(busy(90, 3.0, 0.0), start(0.3, 0, 2));
    assertThat(hbase.allocation().share()).isCloseTo(0.5, within(1e-9));
    // Never above the reservation bound.
    D high = decide(busy(90, 0.5, 3.5), start(0.3, 0, 0));
    assertThat(high.allocation().share()).isEqualTo(ControllerParams.DEFAULT_RESERVE_ABOVE_SHARE);
  }

  @Test
  void aGiveBackStopsAtTheHeadroomAndIsNoProbe() {
    D d = decide(busy(50, 0.5, 1.0), start(0.52, 0, 0));
    assertThat(d.allocation().share()).as("0.52 - 10% would be 0.468").isCloseTo(0.5, within(1e-9));
    assertThat(d.allocation().probing()).as("2 points were given back: a probe").isTrue();
    D atFloor = decide(busy(50, 0.5, 1.0), start(0.5, 0, 0));
    assertThat(atFloor.allocation().share()).isCloseTo(0.5, within(1e-9));
    assertThat(atFloor.allocation().probing()).isFalse();
    // Above the floor the paper's give-back and its probe stay as they were.
    D above = decide(busy(50, 0.5, 1.0), start(0.8, 0, 0));
    assertThat(above.allocation().share()).isCloseTo(0.72, within(1e-9));
    assertThat(above.allocation().probing()).isTrue();
  }

  @Test
  void theFloorRemembersTheRecentPeakThroughALull() {
    D peak = decide(busy(90, 0.5, 1.0), start(0.5, 0, 0));
    assertThat(peak.allocation().hdfsPeak()).isEqualTo(1.0);
    // The next interval is a lull (0.1 slots busy) and the SLO holds with slack: the give-back
    // stops at twice the decayed peak, not at twice the lull's load.
    D lull = decide(busy(50, 0.05, 0.1), peak.allocation());
    assertThat(lull.allocation().hdfsPeak()).isCloseTo(TenantState.PEAK_DECAY, within(1e-12));
    assertThat(lull.allocation().share()).isCloseTo(2 * TenantState.PEAK_DECAY / 4, within(1e-9));
    // Ten lulls later the peak has halved.
    TenantState s = peak.allocation();
    for (int i = 0; i < 10; i++) {
      s = decide(busy(90, 0.05, 0.1), s).allocation();
    }
    assertThat(s.hdfsPeak()).isCloseTo(0.5, within(1e-9));
  }

  @Test
  void aReservationIsNotReleasedInALullWhileThePeakWouldOverloadTheRest() {
    // 2 handlers reserved, a peak of 1.5 busy; now a lull at 0.2 with the queue idle and slack:
    // without the peak the idle reservation would go (0.2 <= half of 1 left).
    D peak = decide(busy(90, 1.5, 0.2), start(0.6, 0, 2));
    D lull = decide(busy(50, 0.2, 0.05), peak.allocation());
    assertThat(lull.allocation().hbaseReserved()).isEqualTo(2);
    D offPeak = decide(OFF, busy(90, 1.5, 0.2), start(0.6, 0, 2));
    D offLull = decide(OFF, busy(50, 0.2, 0.05), offPeak.allocation());
    assertThat(offLull.allocation().hbaseReserved()).as("headroom off: the paper's release").isEqualTo(1);
  }

  @Test
  void headroomOffGivesShareBackBelowTheLoad() {
    D d = decide(OFF, busy(50, 0.5, 1.0), start(0.3, 0, 0));
    assertThat(d.allocation().share()).isCloseTo(0.27, within(1e-9));
    assertThat(d.describe()).doesNotContain("headroom");
  }

  @Test
  void headroomOutsideItsRangeIsRefused() {
    assertThatThrownBy(() -> ControllerParams.DEFAULTS.withHeadroom(0.5))
        .hasMessageContaining("headroom must be 0 (off) or in [1, 10]");
    assertThatThrownBy(() -> ControllerParams.DEFAULTS.withHeadroom(Double.POSITIVE_INFINITY))
        .hasMessageContaining("headroom");
  }
}
