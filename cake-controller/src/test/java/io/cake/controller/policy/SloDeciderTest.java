package io.cake.controller.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.cake.controller.policy.rules.OthersThrottle;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.ThroughputGoal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SloDeciderTest {
  private final SloDecider decider = new SloDecider(ControllerParams.DEFAULTS);
  private final LatencyGoal p99at100 = LatencyGoal.of(99, 100);

  private static Observation obs(double p99Ms, double hbaseOcc, double hdfsOcc) {
    return new Observation(1_000, p99Ms, hbaseOcc, hdfsOcc, 10, 6);
  }

  private Decision decide(Observation o, LatencyAllocation a) {
    return decider.decide(o, ControlState.of(a), p99at100, 0, 0);
  }

  @Test
  void missingTheSloMovesShareByTheLinearModelBoundedToTenPercentTimesTheMiss() {
    // perf 0.5 (2x over): the linear model wants share 1.0, the step is bounded to 2 x 10% of 0.5.
    Decision d = decide(obs(200, 0, 0), new LatencyAllocation(0.5, 0, 0));
    assertThat(d.performance()).isEqualTo(0.5);
    assertThat(d.allocation().share()).isCloseTo(0.6, within(1e-9));
    // perf 0.2 (5x over): 5 x 10% of 0.5 = 0.25.
    Decision far = decide(obs(500, 0, 0), new LatencyAllocation(0.5, 0, 0));
    assertThat(far.allocation().share()).isCloseTo(0.75, within(1e-9));
    // perf 0.95: the model wants 0.6/0.95 = 0.6316, less than the 10% bound.
    Decision small = decide(obs(100 / 0.95, 0, 0), new LatencyAllocation(0.6, 0, 0));
    assertThat(small.allocation().share()).isCloseTo(0.6 / 0.95, within(1e-9));
  }

  @Test
  void exceedingTheSloGivesShareBack() {
    Decision d = decide(obs(50, 0, 0), new LatencyAllocation(0.5, 0, 0));
    assertThat(d.allocation().share()).isCloseTo(0.45, within(1e-9));
    Decision met = decide(obs(90, 0, 0), new LatencyAllocation(0.5, 0, 0));
    assertThat(met.allocation().share()).as("1.0 <= perf <= 1.2 keeps shares").isEqualTo(0.5);
  }

  @Test
  void shareAbove99PercentStillMissingReservesAnHdfsSlotAndCompensates() {
    Decision d = decide(obs(200, 0, 0.2), new LatencyAllocation(0.995, 0, 0));
    assertThat(d.allocation().hdfsReserved()).isEqualTo(1);
    assertThat(d.allocation().share()).isCloseTo(0.995 - 1.0 / 6, within(1e-9));
  }

  @Test
  void noHdfsReservationForATenantThatDoesNotWaitAtTheDataNode() {
    // The paper reserves at share > 99% whatever the DataNode queue did; a reserved slot for a
    // tenant that does not wait for slots idles beside it.
    Decision d = decide(obs(200, 0, 0.0), new LatencyAllocation(0.995, 0, 0));
    assertThat(d.allocation().hdfsReserved()).isZero();
    assertThat(d.describe()).contains("no HDFS reservation: hardly waiting at the DataNode");
  }

  @Test
  void aMissShareCannotFixWhileWaitingAtTheDataNodeReservesASlotAtOnce() {
    // perf 0.5 at share 0.5: the linear model wants 100%, beyond the 99% bound; the tenant's
    // DataNode queue was busy 30% of the interval: reserve now and step share (+2 x 10% of 0.5).
    Decision d = decide(obs(200, 0, 0.3), new LatencyAllocation(0.5, 0, 0));
    assertThat(d.allocation().hdfsReserved()).isEqualTo(1);
    assertThat(d.allocation().share()).isCloseTo(0.6, within(1e-9));
    assertThat(d.describe()).as("the model's share before the step").contains("the model wants 100%");
    // Share can still fix a small miss: no reservation.
    Decision small = decide(obs(110, 0, 0.3), new LatencyAllocation(0.5, 0, 0));
    assertThat(small.allocation().hdfsReserved()).isZero();
    // Not waiting at the DataNode: a reservation there would not help.
    Decision cpu = decide(obs(200, 0, 0.01), new LatencyAllocation(0.5, 0, 0));
    assertThat(cpu.allocation().hdfsReserved()).isZero();
  }

  @Test
  void shareBelowOnePercentWithSlackReleasesAnHdfsSlotAndCompensates() {
    Decision d = decide(obs(50, 0.5, 0.5), new LatencyAllocation(0.005, 2, 2));
    assertThat(d.allocation().hdfsReserved()).isEqualTo(1);
    assertThat(d.allocation().share()).isCloseTo(0.005 + 1.0 / 5, within(1e-9));
  }

  @Test
  void theLastSharedSlotIsNeverReserved() {
    Observation tight = new Observation(1_000, 200, 0.9, 0.1, 3, 2);
    Decision d = decider.decide(tight, ControlState.of(new LatencyAllocation(0.995, 1, 2)), p99at100, 0, 0);
    assertThat(d.allocation().hdfsReserved()).isEqualTo(1);
    assertThat(d.allocation().hbaseReserved()).isEqualTo(2);
    // Other tenants' reservations count too.
    Decision others = decider.decide(tight, ControlState.of(new LatencyAllocation(0.995, 0, 0)), p99at100, 1, 2);
    assertThat(others.allocation().hdfsReserved()).isZero();
    assertThat(others.allocation().hbaseReserved()).isZero();
  }

  @Test
  void tooFewSamplesMeansNoLatencyDrivenChange() {
    Observation few = new Observation(12, 900, 0, 0, 10, 6);
    Decision d = decider.decide(few, ControlState.of(new LatencyAllocation(0.5, 0, 0)), p99at100, 0, 0);
    assertThat(d.allocation().share()).isEqualTo(0.5);
    assertThat(d.reasons()).anyMatch(r -> r.contains("12 samples"));
  }

  @Test
  void tooFewSamplesStillTakeShareOnAClearMiss() {
    // 30 requests, too few for a p99 (min-samples 100), but at confidence 0.985 two over the SLO
    // are chance (P = 0.037 when the p99 sits on it) and three are not (P = 0.004).
    Observation twoOver = new Observation(30, 400, 0.1, 0.5, 0.3, 0.8, 10, 6, 99.83, 2);
    Observation threeOver = new Observation(30, 400, 0.1, 0.5, 0.3, 0.8, 10, 6, 99.83, 3);
    ControlState s = ControlState.of(new LatencyAllocation(0.34, 0, 0));
    assertThat(decider.decide(twoOver, s, p99at100, 0, 0).allocation().share()).isEqualTo(0.34);
    Decision d = decider.decide(threeOver, s, p99at100, 0, 0);
    assertThat(d.performance()).isCloseTo(0.25, within(1e-9));
    assertThat(d.allocation().share()).isGreaterThan(0.34);
    assertThat(d.reasons()).anyMatch(r -> r.contains("only 30 samples (< 100), but 3 over the SLO: a clear miss"));
    // Where the time went is not judged from so few: the pool cap and the throttle wait (this
    // miss, hardly waiting at the DataNode, would cap the pool from a whole interval).
    Observation cpuBound = new Observation(30, 400, 0.1, 0.0, 0.3, 0.0, 10, 6, 99.83, 3);
    assertThat(decider.decide(cpuBound, ControlState.of(new LatencyAllocation(0.34, 0, 0, 10)), p99at100, 0, 0)
        .allocation().hbasePoolCap()).isEqualTo(10);
    Observation cpuBoundWhole = new Observation(300, 400, 0.1, 0.0, 0.3, 0.0, 10, 6, 99.83, 20);
    assertThat(decider.decide(cpuBoundWhole, ControlState.of(new LatencyAllocation(0.34, 0, 0, 10)), p99at100, 0, 0)
        .allocation().hbasePoolCap()).isLessThan(10);
    // Slack is never judged from so few: a clear miss is the only exception.
    Observation fast = new Observation(30, 10, 0.0, 0.0, 0.3, 0.1, 10, 6, 99.83, 0);
    assertThat(decider.decide(fast, s, p99at100, 0, 0).allocation().share()).isEqualTo(0.34);
  }

  @Test
  void hbaseSharesFollowAndReservationsFollowQueueOccupancy() {
    Decision bottleneck = decide(obs(90, 0.6, 0.1), new LatencyAllocation(0.5, 0, 0));
    assertThat(bottleneck.allocation().hbaseReserved()).isEqualTo(1);
    Decision hdfsBound = decide(obs(90, 0.1, 0.6), new LatencyAllocation(0.5, 1, 3));
    assertThat(hdfsBound.allocation().hbaseReserved()).isEqualTo(2);
    Decision notBelowHdfs = decide(obs(90, 0.1, 0.6), new LatencyAllocation(0.5, 2, 2));
    assertThat(notBelowHdfs.allocation().hbaseReserved()).as("never below the HDFS reservation").isEqualTo(2);
    Decision noise = decide(obs(90, 0.02, 0.01), new LatencyAllocation(0.5, 0, 0));
    assertThat(noise.allocation().hbaseReserved()).as("occupancies under the floor are noise").isZero();
  }

  @Test
  void theHbaseReservationFollowsTheHandlersItTakesToReachTheReservedSlots() {
    // The hdd spike: share 99.9%, 3 of 4 slots and 2 handlers reserved, the SLO still missed while
    // waiting at both levels; 2.25 handlers busy per 1.22 slots reading.
    Observation spike = new Observation(300, 209, 0.49, 0.55, 2.25, 1.22, 10, 4);
    Decision d = decide(spike, new LatencyAllocation(0.999, 3, 2));
    assertThat(d.allocation().hdfsReserved()).isEqualTo(3);
    assertThat(d.allocation().hbaseReserved()).isEqualTo(6);
    assertThat(d.describe()).contains("reserve HBase handlers 2 -> 6");
    // With slack and idle queues the HDFS slot goes first, and the handlers only once the floor
    // for the slots left is below them: 0.5 handlers per 0.3 slots is 4 for 2 slots, 2 for 1.
    Observation calm = new Observation(300, 40, 0.0, 0.0, 0.5, 0.3, 10, 4);
    Decision first = decide(calm, new LatencyAllocation(0.5, 2, 4));
    assertThat(first.allocation().hdfsReserved()).isEqualTo(1);
    assertThat(first.allocation().hbaseReserved()).as("4 is the floor for 2 slots").isEqualTo(4);
    Decision next = decider.decide(calm, first.state(), p99at100, 0, 0);
    assertThat(next.allocation().hbaseReserved()).isEqualTo(3);
    // A tenant that reserves no DataNode slot (the memory regime) gets no floor.
    Decision cpu = decide(new Observation(300, 90, 0.1, 0.6, 2.25, 0.0, 10, 4), new LatencyAllocation(0.5, 0, 1));
    assertThat(cpu.allocation().hbaseReserved()).isEqualTo(1);
    // Never beyond what may be reserved: 4 handlers leave 3.
    Decision small = decide(new Observation(300, 209, 0.49, 0.55, 2.25, 1.22, 4, 4), new LatencyAllocation(0.999, 3, 2));
    assertThat(small.allocation().hbaseReserved()).isEqualTo(3);
  }

  @Test
  void anIdleReservationIsReleasedWithSlackAndAFailedReleaseBacksOff() {
    ControlState s = ControlState.of(new LatencyAllocation(0.3, 0, 3));
    Observation idle = new Observation(1_000, 40, 0.0, 0.0, 0.4, 0.1, 10, 6);
    Observation busy = new Observation(1_000, 40, 0.0, 0.0, 1.5, 0.1, 10, 6);
    assertThat(decider.decide(busy, s, p99at100, 0, 0).allocation().hbaseReserved())
        .as("two remaining handlers would be 75% busy: keep").isEqualTo(3);
    Decision release = decider.decide(idle, s, p99at100, 0, 0);
    assertThat(release.allocation().hbaseReserved()).isEqualTo(2);
    assertThat(release.state().probing()).isTrue();

    Decision missed = decider.decide(obs(300, 0.0, 0.0), release.state(), p99at100, 0, 0);
    assertThat(missed.state().hold()).isEqualTo(ControlState.FIRST_BACKOFF);
    assertThat(missed.state().backoff()).isEqualTo(2 * ControlState.FIRST_BACKOFF);

    ControlState slackAgain =
        new ControlState(new LatencyAllocation(0.3, 0, 3), missed.state().hold(), missed.state().backoff(), false);
    Decision held = decider.decide(idle, slackAgain, p99at100, 0, 0);
    assertThat(held.allocation().hbaseReserved()).as("on hold").isEqualTo(3);
    assertThat(held.reasons()).anyMatch(r -> r.contains("on hold"));
  }

  @Test
  void aDataNodeSlotGoesWithSlackWhenTheSlotsLeftStayHalfBusyWhateverItsQueueWaited() {
    // An hdd steady state: SLO exceeded (perf 1.25), 3 slots reserved and 0.58 busy, the queue
    // at occupancy 0.19 (reads waiting for their own disks), 5 handlers reserved (the floor that
    // reaches 3 slots): the queue is not idle, the reserved slots are.
    ControlState s = ControlState.of(new LatencyAllocation(0.265, 3, 5));
    Observation slack = new Observation(1_000, 80, 0.0, 0.19, 0.84, 0.58, 10, 4);
    Decision d = decider.decide(slack, s, p99at100, 0, 0);
    assertThat(d.allocation().hdfsReserved()).isEqualTo(2);
    assertThat(d.allocation().hbaseReserved()).as("the handlers follow next interval").isEqualTo(5);
    assertThat(d.state().probing()).isTrue();
    assertThat(d.describe()).contains("3 reserved HDFS slots with 0.58 busy");

    // One slot left would be 0.58 busy, more than half: the two stay; the handlers above the
    // floor for two slots (ceil(2 x 0.84 / 0.58) = 3) go, one per interval.
    Decision next = decider.decide(slack, d.state(), p99at100, 0, 0);
    assertThat(next.allocation().hdfsReserved()).isEqualTo(2);
    assertThat(next.allocation().hbaseReserved()).isEqualTo(4);

    // A load the two left could not carry at half busy (a spike's 1.2 slots) keeps all three.
    Observation spike = new Observation(1_000, 80, 0.0, 0.19, 2.0, 1.2, 10, 4);
    assertThat(decider.decide(spike, s, p99at100, 0, 0).allocation().hdfsReserved()).isEqualTo(3);
    // Without slack nothing goes.
    Observation met = new Observation(1_000, 95, 0.0, 0.19, 0.84, 0.58, 10, 4);
    assertThat(decider.decide(met, s, p99at100, 0, 0).allocation().hdfsReserved()).isEqualTo(3);
  }

  @Test
  void aMissWhileTheLoadRunsTheReservedSlotsMoreThanHalfBusyReservesOneMore() {
    // A spike in the hdd regime: 2 of 4 slots reserved, share 73.5%, 1.17 slots and 2.14 handlers
    // busy, the DataNode queue at occupancy 0.59, perf 0.99. The share rule alone steps 1.1 points.
    ControlState s = ControlState.of(new LatencyAllocation(0.735, 2, 4));
    Observation spike = new Observation(1_000, 101, 0.13, 0.59, 2.14, 1.17, 10, 4);
    Decision d = decider.decide(spike, s, p99at100, 0, 0);
    assertThat(d.allocation().hdfsReserved()).isEqualTo(3);
    assertThat(d.allocation().share()).isGreaterThan(0.735);
    assertThat(d.describe()).contains("1.17 HDFS slots busy, more than half of 2 reserved");
    // The release rule keeps the third slot at that load: the two rules never undo each other.
    Observation slack = new Observation(1_000, 80, 0.0, 0.59, 2.14, 1.17, 10, 4);
    assertThat(decider.decide(slack, d.state(), p99at100, 0, 0).allocation().hdfsReserved()).isEqualTo(3);

    // At most half busy (0.9 of 2): the share rule alone.
    Observation half = new Observation(1_000, 101, 0.13, 0.59, 1.6, 0.9, 10, 4);
    assertThat(decider.decide(half, s, p99at100, 0, 0).allocation().hdfsReserved()).isEqualTo(2);
    // Not waiting at the DataNode (a CPU-bound miss): no slot.
    Observation cpu = new Observation(1_000, 101, 0.13, 0.01, 2.14, 1.17, 10, 4);
    assertThat(decider.decide(cpu, s, p99at100, 0, 0).allocation().hdfsReserved()).isEqualTo(2);
    // SLO met: no slot.
    Observation met = new Observation(1_000, 95, 0.13, 0.59, 2.14, 1.17, 10, 4);
    assertThat(decider.decide(met, s, p99at100, 0, 0).allocation().hdfsReserved()).isEqualTo(2);
    // No slot held yet: the first is for a miss share cannot fix (a cold start's perf 0.65 at
    // share 36%, 0.77 busy, wants 55%), not for this rule.
    ControlState cold = ControlState.of(new LatencyAllocation(0.36, 0, 0));
    Observation coldMiss = new Observation(1_000, 100 / 0.65, 0.24, 0.46, 1.33, 0.77, 10, 4);
    assertThat(decider.decide(coldMiss, cold, p99at100, 0, 0).allocation().hdfsReserved()).isZero();
  }

  @Test
  void slotsClippedToWhatOthersLeaveAreNotAReleaseThatBlocksTheSlackOne() {
    // 3 slots held, but another tenant now reserves 1 of 4: the tenant may hold 2. The clip is
    // not a release of this interval, so the slack release still gives one back (0.3 busy).
    ControlState s = ControlState.of(new LatencyAllocation(0.3, 3, 2));
    Observation slack = new Observation(1_000, 80, 0.05, 0.0, 0.5, 0.3, 10, 4);
    Decision d = decider.decide(slack, s, p99at100, 1, 0);
    assertThat(d.allocation().hdfsReserved()).isEqualTo(1);
    assertThat(d.describe()).contains("2 reserved HDFS slots with 0.30 busy");
  }

  @Test
  void givingShareBackIsAProbeAndAGiveBackThatMissesPutsTheNextOnHold() {
    ControlState s = ControlState.of(new LatencyAllocation(0.5, 0, 0));
    Decision gave = decider.decide(obs(50, 0, 0), s, p99at100, 0, 0);
    assertThat(gave.allocation().share()).isCloseTo(0.45, within(1e-9));
    assertThat(gave.state().probing()).isTrue();

    Decision missed = decider.decide(obs(120, 0, 0), gave.state(), p99at100, 0, 0);
    assertThat(missed.allocation().share()).as("the miss still takes share back").isGreaterThan(0.45);
    assertThat(missed.state().hold()).isEqualTo(ControlState.FIRST_BACKOFF);
    assertThat(missed.state().backoff()).isEqualTo(2 * ControlState.FIRST_BACKOFF);
    assertThat(missed.state().probing()).isFalse();
    assertThat(missed.reasons()).anyMatch(r -> r.contains("the last give-back missed"));

    // Slack again right away: on hold for FIRST_BACKOFF - 1 more decisions, then given back.
    ControlState st = missed.state();
    for (int i = 1; i < ControlState.FIRST_BACKOFF; i++) {
      Decision held = decider.decide(obs(50, 0, 0), st, p99at100, 0, 0);
      assertThat(held.allocation().share()).as("decision %d on hold", i).isEqualTo(missed.allocation().share());
      assertThat(held.reasons()).anyMatch(r -> r.contains("on hold"));
      st = held.state();
    }
    Decision again = decider.decide(obs(50, 0, 0), st, p99at100, 0, 0);
    assertThat(again.allocation().share()).isLessThan(missed.allocation().share());
    assertThat(again.state().probing()).isTrue();

    // That probe holds (perf between 1.0 and 1.2): the back-off starts over.
    Decision held = decider.decide(obs(90, 0, 0), again.state(), p99at100, 0, 0);
    assertThat(held.state().backoff()).isEqualTo(ControlState.FIRST_BACKOFF);
    assertThat(held.state().probing()).isFalse();
  }

  @Test
  void throughputGoalsNormaliseTheOtherWayRound() {
    Observation o = new Observation(1_000, 500, 0, 0, 10, 6);
    Decision d = decider.decide(o, ControlState.of(new LatencyAllocation(0.5, 0, 0)), new ThroughputGoal(1000), 0, 0);
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

  @Test
  void aMissOutsideTheQueuesCapsTheHbasePoolDownToOneSharedHandlerBesideTheReservations() {
    // Never waited at the DataNode (occupancy 0): every handler running slows the gets.
    LatencyAllocation a = new LatencyAllocation(0.5, 0, 2);
    int[] slots = {10, 7, 5, 4, 3, 3};
    int[] caps = {7, 5, 3, 3, 3, 3};
    for (int i = 0; i < slots.length; i++) {
      Observation o = new Observation(1_000, 110, 0.0, 0.0, slots[i], 6); // perf 0.91: x0.75
      a = decider.decide(o, ControlState.of(a), p99at100, 0, 0).allocation();
      assertThat(a.hbasePoolCap()).as("interval %d", i).isEqualTo(caps[i]);
    }
    assertThat(a.hbaseReserved()).as("reservations kept, one shared handler left").isEqualTo(2);
    // Twice over the SLO (perf 0.5): halved each interval, 10 to 5 to the floor of 3.
    LatencyAllocation far = new LatencyAllocation(0.5, 0, 2);
    far = decider.decide(new Observation(1_000, 200, 0.0, 0.0, 10, 6), ControlState.of(far), p99at100, 0, 0).allocation();
    assertThat(far.hbasePoolCap()).isEqualTo(5);
    far = decider.decide(new Observation(1_000, 200, 0.0, 0.0, 5, 6), ControlState.of(far), p99at100, 0, 0).allocation();
    assertThat(far.hbasePoolCap()).isEqualTo(3);
  }

  @Test
  void aMissFarOverTheSloCutsThePoolToAQuarterInOneInterval() {
    // Six times over (perf 0.17, the memory regime's cold start at 1.5x): 10 to the floor of 2
    // (one reserved, one shared) at once, where halving would take two intervals (10, 5, 2).
    LatencyAllocation a = new LatencyAllocation(0.999, 0, 1);
    Decision d = decider.decide(new Observation(1_000, 600, 0.0, 0.0, 10, 6), ControlState.of(a), p99at100, 0, 0);
    assertThat(d.allocation().hbasePoolCap()).isEqualTo(2);
    assertThat(d.describe()).contains("cap the HBase pool at 2 handlers (10 now)");
    // Not deeper than a quarter: 16 running, perf 0.1, cut to 4, not 1.6.
    LatencyAllocation wide = new LatencyAllocation(0.999, 0, 1);
    assertThat(decider.decide(new Observation(1_000, 1_000, 0.0, 0.0, 16, 6), ControlState.of(wide), p99at100, 0, 0)
        .allocation().hbasePoolCap()).isEqualTo(4);
  }

  @Test
  void aMissWhileWaitingAtTheDataNodeLeavesThePoolToShares() {
    Decision d = decide(obs(200, 0.0, 0.3), new LatencyAllocation(0.5, 0, 0));
    assertThat(d.allocation().hbasePoolCap()).isZero();
    assertThat(d.allocation().share()).isGreaterThan(0.5);
  }

  @Test
  void aMissWhileReadingBelowTheGateKeepsTheCap() {
    // Slots reserved: no occupancy at the gate, but the front end's handlers spend 3.0 of 4.0
    // busy handlers in DataNode reads (device queue plus transfer): disk-bound, not CPU-bound.
    Observation disk = new Observation(1_000, 200, 0.0, 0.0, 4.0, 3.0, 10, 4);
    Decision d = decide(disk, new LatencyAllocation(0.9, 2, 3, 10));
    assertThat(d.allocation().hbasePoolCap()).isEqualTo(10);
    assertThat(d.describe()).contains("mostly reading at the DataNode");
    // The same miss with the handlers' time mostly outside the DataNode caps the pool.
    Observation cpu = new Observation(1_000, 200, 0.0, 0.0, 4.0, 1.0, 10, 4);
    assertThat(decide(cpu, new LatencyAllocation(0.9, 2, 3, 10)).allocation().hbasePoolCap()).isEqualTo(5);
  }

  @Test
  void slackGrowsTheCapByOneWhileThePoolIsAtIt() {
    Decision grow = decide(new Observation(1_000, 50, 0, 0, 5, 6), new LatencyAllocation(0.5, 0, 0, 5));
    assertThat(grow.allocation().hbasePoolCap()).isEqualTo(6);
    assertThat(grow.reasons()).anyMatch(r -> r.contains("cap +1 to 6"));
    Decision below = decide(new Observation(1_000, 50, 0, 0, 5, 6), new LatencyAllocation(0.5, 0, 0, 6));
    assertThat(below.allocation().hbasePoolCap()).as("AIMD holds the pool below the cap").isEqualTo(6);
    Decision met = decide(new Observation(1_000, 90, 0, 0, 5, 6), new LatencyAllocation(0.5, 0, 0, 5));
    assertThat(met.allocation().hbasePoolCap()).as("within the band: kept").isEqualTo(5);
  }

  @Test
  void noCapWhenTurnedOffOrWithTooFewSamples() {
    SloDecider off = new SloDecider(ControllerParams.DEFAULTS.withPoolCapFactor(0));
    Decision d = off.decide(obs(200, 0, 0), ControlState.of(new LatencyAllocation(0.5, 0, 0)), p99at100, 0, 0);
    assertThat(d.allocation().hbasePoolCap()).isZero();
    Decision few = decide(new Observation(5, 500, 0, 0, 10, 6), new LatencyAllocation(0.5, 0, 0, 7));
    assertThat(few.allocation().hbasePoolCap()).as("noise: cap kept").isEqualTo(7);
    assertThatThrownBy(() -> ControllerParams.DEFAULTS.withPoolCapFactor(1.0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("poolCapFactor");
  }

  @Test
  void aMissWithThePoolAtItsFloorThrottlesTheOtherTenantsByTheFactorOrTheMiss() {
    // One reserved handler, cap 2: the floor (one shared handler beside the reservation).
    LatencyAllocation a = new LatencyAllocation(0.999, 0, 1, 2);
    Observation small = new Observation(1_000, 110, 0.0, 0.0, 2, 6); // perf 0.91: the factor, 0.75
    a = decider.decide(small, ControlState.of(a), p99at100, 0, 0).allocation();
    assertThat(a.othersThrottle()).isCloseTo(0.75, within(1e-9));
    assertThat(a.hbasePoolCap()).isEqualTo(2);
    Observation far = new Observation(1_000, 160, 0.0, 0.0, 2, 6); // perf 0.625: shrinks by the miss
    a = decider.decide(far, ControlState.of(a), p99at100, 0, 0).allocation();
    assertThat(a.othersThrottle()).isCloseTo(0.75 * 0.625, within(1e-9));
    Observation huge = new Observation(1_000, 1_000, 0.0, 0.0, 2, 6); // perf 0.1: at most to a quarter
    Decision d = decider.decide(huge, ControlState.of(a), p99at100, 0, 0);
    assertThat(d.allocation().othersThrottle()).isCloseTo(0.75 * 0.625 * 0.25, within(1e-9));
    assertThat(d.describe()).contains("other tenants throttled to 0.12 handlers");
    for (int i = 0; i < 20; i++) {
      a = decider.decide(huge, ControlState.of(a), p99at100, 0, 0).allocation();
    }
    assertThat(a.othersThrottle()).as("slowed, never stopped").isEqualTo(OthersThrottle.MIN_THROTTLE);
  }

  @Test
  void noThrottleWhileThePoolCanStillShrinkOrTheMissIsAtTheDiskOrInAQueue() {
    Decision shrinking = decide(new Observation(1_000, 200, 0.0, 0.0, 10, 6), new LatencyAllocation(0.999, 0, 1, 10));
    assertThat(shrinking.allocation().hbasePoolCap()).isEqualTo(5);
    assertThat(shrinking.allocation().othersThrottle()).as("the cap moves first").isZero();
    Decision justReachedIt = decide(new Observation(1_000, 200, 0.0, 0.0, 3, 6), new LatencyAllocation(0.999, 0, 1, 3));
    assertThat(justReachedIt.allocation().hbasePoolCap()).isEqualTo(2);
    assertThat(justReachedIt.allocation().othersThrottle()).as("one step at a time").isZero();
    Observation disk = new Observation(1_000, 200, 0.0, 0.0, 2.0, 1.5, 2, 4);
    assertThat(decide(disk, new LatencyAllocation(0.999, 0, 1, 2)).allocation().othersThrottle()).isZero();
    Observation queued = new Observation(1_000, 200, 0.0, 0.3, 2, 6);
    assertThat(decide(queued, new LatencyAllocation(0.999, 0, 1, 2)).allocation().othersThrottle()).isZero();
    SloDecider off = new SloDecider(ControllerParams.DEFAULTS.withPoolCapFactor(0));
    assertThat(off.decide(new Observation(1_000, 200, 0.0, 0.0, 2, 6),
        ControlState.of(new LatencyAllocation(0.999, 0, 1, 2, 0.5)), p99at100, 0, 0).allocation().othersThrottle())
        .as("off with the cap").isZero();
  }

  @Test
  void slackLoosensTheThrottleAsAProbeAndLiftsItBeforeTheCapGrows() {
    Observation slack = new Observation(1_000, 50, 0.0, 0.0, 2, 6);
    Decision d = decide(slack, new LatencyAllocation(0.999, 0, 1, 2, 0.5));
    assertThat(d.allocation().othersThrottle()).isCloseTo(0.55, within(1e-9));
    assertThat(d.allocation().hbasePoolCap()).as("the cap waits for the throttle").isEqualTo(2);
    assertThat(d.state().probing()).isTrue();
    Decision lifted = decide(slack, new LatencyAllocation(0.999, 0, 1, 2, 0.96));
    assertThat(lifted.allocation().othersThrottle()).as("a whole handler: no longer a throttle").isZero();
    assertThat(lifted.describe()).contains("throttle lifted");
    // A loosening that misses puts the next on hold, as giving share back does.
    Decision missed = decider.decide(new Observation(1_000, 130, 0.0, 0.0, 2, 6),
        new ControlState(d.allocation(), 0, ControlState.FIRST_BACKOFF, true), p99at100, 0, 0);
    assertThat(missed.state().hold()).isEqualTo(ControlState.FIRST_BACKOFF);
    Decision held = decider.decide(slack, missed.state(), p99at100, 0, 0);
    assertThat(held.allocation().othersThrottle()).isEqualTo(missed.allocation().othersThrottle());
    assertThat(held.describe()).contains("throttle kept");
  }

  // ---- headroom: share kept for twice the recent peak load (busy slots) beside the reservations.

  /** 1,000 samples at {@code p99Ms}, occupancy 0, {@code hbaseBusy}/{@code hdfsBusy} busy of 10 handlers / 4 slots. */
  private static Observation busy(double p99Ms, double hbaseBusy, double hdfsBusy) {
    return new Observation(1_000, p99Ms, 0, 0, hbaseBusy, hdfsBusy, 10, 4);
  }

  @Test
  void shareBelowTwiceTheTenantsLoadIsRaisedEvenWithTheSloMet() {
    // 1 of 4 DataNode slots busy, none reserved: 2 x 1 / 4 = 50% of the shared slots.
    Decision d = decide(busy(90, 0.5, 1.0), new LatencyAllocation(0.3, 0, 0));
    assertThat(d.allocation().share()).isCloseTo(0.5, within(1e-9));
    assertThat(d.describe()).contains("headroom: share 30.0% -> 50.0%");
    // Reserved slots count: with 1 of the 4 reserved, (2 x 1 - 1) / 3 shared.
    Decision reserved = decide(busy(90, 0.5, 1.0), new LatencyAllocation(0.3, 1, 0));
    assertThat(reserved.allocation().share()).isCloseTo(1.0 / 3, within(1e-9));
    // HBase too: 3 handlers busy, 2 reserved, 8 shared: (6 - 2) / 8.
    Decision hbase = decide(busy(90, 3.0, 0.0), new LatencyAllocation(0.3, 0, 2));
    assertThat(hbase.allocation().share()).isCloseTo(0.5, within(1e-9));
    // Never above the reservation bound.
    Decision high = decide(busy(90, 0.5, 3.5), new LatencyAllocation(0.3, 0, 0));
    assertThat(high.allocation().share()).isEqualTo(ControllerParams.DEFAULT_RESERVE_ABOVE_SHARE);
  }

  @Test
  void aGiveBackStopsAtTheHeadroomAndIsNoProbe() {
    Decision d = decide(busy(50, 0.5, 1.0), new LatencyAllocation(0.52, 0, 0));
    assertThat(d.allocation().share()).as("0.52 - 10% would be 0.468").isCloseTo(0.5, within(1e-9));
    assertThat(d.state().probing()).as("2 points were given back: a probe").isTrue();
    Decision atFloor = decide(busy(50, 0.5, 1.0), new LatencyAllocation(0.5, 0, 0));
    assertThat(atFloor.allocation().share()).isCloseTo(0.5, within(1e-9));
    assertThat(atFloor.state().probing()).isFalse();
    // Above the floor the paper's give-back and its probe stay as they were.
    Decision above = decide(busy(50, 0.5, 1.0), new LatencyAllocation(0.8, 0, 0));
    assertThat(above.allocation().share()).isCloseTo(0.72, within(1e-9));
    assertThat(above.state().probing()).isTrue();
  }

  @Test
  void theFloorRemembersTheRecentPeakThroughALull() {
    Decision peak = decide(busy(90, 0.5, 1.0), new LatencyAllocation(0.5, 0, 0));
    assertThat(peak.state().hdfsPeak()).isEqualTo(1.0);
    // The next interval is a lull (0.1 slots busy) and the SLO holds with slack: the give-back
    // stops at twice the decayed peak, not at twice the lull's load.
    Decision lull = decider.decide(busy(50, 0.05, 0.1), peak.state(), p99at100, 0, 0);
    assertThat(lull.state().hdfsPeak()).isCloseTo(ControlState.PEAK_DECAY, within(1e-12));
    assertThat(lull.allocation().share()).isCloseTo(2 * ControlState.PEAK_DECAY / 4, within(1e-9));
    // Ten lulls later the peak has halved.
    ControlState s = peak.state();
    for (int i = 0; i < 10; i++) {
      s = decider.decide(busy(90, 0.05, 0.1), s, p99at100, 0, 0).state();
    }
    assertThat(s.hdfsPeak()).isCloseTo(0.5, within(1e-9));
  }

  @Test
  void aReservationIsNotReleasedInALullWhileThePeakWouldOverloadTheRest() {
    // 2 handlers reserved, a peak of 1.5 busy; now a lull at 0.2 with the queue idle and slack:
    // without the peak the idle reservation would go (0.2 <= half of 1 left).
    Decision peak = decide(busy(90, 1.5, 0.2), new LatencyAllocation(0.6, 0, 2));
    Decision lull = decider.decide(busy(50, 0.2, 0.05), peak.state(), p99at100, 0, 0);
    assertThat(lull.allocation().hbaseReserved()).isEqualTo(2);
    SloDecider off = new SloDecider(ControllerParams.DEFAULTS.withHeadroom(0));
    Decision offPeak = off.decide(busy(90, 1.5, 0.2), ControlState.of(new LatencyAllocation(0.6, 0, 2)), p99at100, 0, 0);
    Decision offLull = off.decide(busy(50, 0.2, 0.05), offPeak.state(), p99at100, 0, 0);
    assertThat(offLull.allocation().hbaseReserved()).as("headroom off: the paper's release").isEqualTo(1);
  }

  @Test
  void headroomOffGivesShareBackBelowTheLoad() {
    SloDecider off = new SloDecider(ControllerParams.DEFAULTS.withHeadroom(0));
    Decision d = off.decide(busy(50, 0.5, 1.0), ControlState.of(new LatencyAllocation(0.3, 0, 0)), p99at100, 0, 0);
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
