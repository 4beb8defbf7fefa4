package io.cake.controller.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.cake.core.sched.Allocation;
import io.cake.core.tenant.LatencyGoal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one decision path, N = 1 and N = 3, on hand-made intervals (10 handlers, 6 DataNode slots). */
class PlannerTest {
  private final Planner planner = new Planner(ControllerParams.DEFAULTS);

  /** A tenant whose p99 was {@code ms} against 100 ms, with the given occupancies and busy slots. */
  private static TenantView view(String tenant, double weight, double ms, double hbOcc, double dfOcc, double hbBusy,
      double dfBusy) {
    SloTarget t = new SloTarget(tenant, LatencyGoal.of(99, 100), weight);
    Observation o = new Observation(1_000, ms, hbOcc, dfOcc, hbBusy, dfBusy, 10, 6);
    return Meter.view(t, o, 1_000, true, ControllerParams.DEFAULTS);
  }

  private static ResourceLoad load(int slots, String busyTenant, double busy) {
    return new ResourceLoad(slots, Map.of(busyTenant, new ResourceLoad.TenantLoad(1.0, busy)));
  }

  private Plan plan(Map<String, TenantState> state, double othersLimit, TenantView... views) {
    Map<String, TenantView> in = new LinkedHashMap<>();
    for (TenantView v : views) {
      in.put(v.tenant(), v);
    }
    return planner.plan(new ControllerState(state, othersLimit, PriorityLanes.State.EMPTY, false), in,
        Allocation.equalShares(), Allocation.equalShares(), load(10, "batch", 6), load(6, "batch", 4));
  }

  @Test
  void oneTenantMovesByAlgorithmOnesBoundedLinearStep() {
    // perf 0.5 (2x over): the linear model wants share 1.0, the step is bounded to 2 x 10% of 0.5.
    Plan p = plan(Map.of("fe", TenantState.start(0.5, 0, 0)), 0, view("fe", 1, 200, 0, 0, 0.1, 0.1));
    assertThat(p.state().tenants().get("fe").share()).isCloseTo(0.6, within(1e-9));
    assertThat(p.overloaded()).isFalse();
  }

  @Test
  void aGiveBackIsAProbeAndOneThatMissesHoldsTheNext() {
    Plan back = plan(Map.of("fe", TenantState.start(0.5, 0, 0)), 0, view("fe", 1, 50, 0, 0, 0.1, 0.1));
    TenantState after = back.state().tenants().get("fe");
    assertThat(after.share()).isCloseTo(0.45, within(1e-9));
    assertThat(after.probing()).isTrue();
    Plan missed = plan(Map.of("fe", after), 0, view("fe", 1, 150, 0, 0, 0.1, 0.1));
    assertThat(missed.state().tenants().get("fe").hold()).isEqualTo(StepGuard.FIRST_BACKOFF);
    Plan slack = plan(missed.state().tenants(), 0, view("fe", 1, 50, 0, 0, 0.1, 0.1));
    assertThat(slack.state().tenants().get("fe").share()).as("on hold: nothing given back")
        .isEqualTo(missed.state().tenants().get("fe").share());
  }

  @Test
  void tenantsAskingForMoreThanThereIsAreSettledByWeightWithinTheWhole() {
    Map<String, TenantState> s = Map.of("a", TenantState.start(0.3, 0, 0), "b", TenantState.start(0.3, 0, 0),
        "c", TenantState.start(0.3, 0, 0));
    Plan p = plan(s, 0, view("a", 1, 400, 0, 0, 0.1, 0.1), view("b", 1, 400, 0, 0, 0.1, 0.1),
        view("c", 2, 400, 0, 0, 0.1, 0.1));
    double sum = p.state().tenants().values().stream().mapToDouble(TenantState::share).sum();
    assertThat(p.overloaded()).isTrue();
    assertThat(sum).isLessThanOrEqualTo(1 - TenantState.MIN_SHARE + 1e-9);
    assertThat(p.state().tenants().get("c").share()).as("the heavier tenant, equally far off, gets more")
        .isGreaterThan(p.state().tenants().get("a").share());
  }

  @Test
  void reservationsGoToTheWorstOffFirst() {
    // Five of six DataNode slots may be reserved. a (10x over, share spent) and b (a little over,
    // its load outgrowing its slots) each reserve one more, the worst off first: a before b,
    // though b weighs more; c, at perf 2.0, is not missing and reserves nothing.
    Map<String, TenantState> s = Map.of("a", TenantState.start(0.995, 2, 2), "b", TenantState.start(0.5, 3, 3),
        "c", TenantState.start(0.2, 0, 0));
    Plan p = plan(s, 0, view("a", 1, 1000, 0.5, 0.9, 3, 2.5), view("b", 1.5, 120, 0.5, 0.9, 3, 2.5),
        view("c", 2, 50, 0, 0, 0.1, 0.1));
    assertThat(p.state().tenants().get("a").hdfsReserved()).isEqualTo(3);
    assertThat(p.state().tenants().get("b").hdfsReserved()).as("clipped to what a left").isEqualTo(2);
  }

  @Test
  void aCpuBoundMissHoldsTheOthersBackAndADiskBoundOneDoesNot() {
    // Hardly waiting anywhere and not reading at the DataNode: the others are cut from the 6
    // handlers they kept busy by the miss (perf 0.5), deeper than the factor's 3/4.
    Plan cpu = plan(Map.of("fe", TenantState.start(0.5, 0, 0)), 0, view("fe", 1, 200, 0.01, 0.01, 2, 0.1));
    assertThat(cpu.othersLimit()).isCloseTo(3.0, within(1e-9));
    assertThat(cpu.othersReason()).contains("share cannot help");
    Plan disk = plan(Map.of("fe", TenantState.start(0.5, 0, 0)), 0, view("fe", 1, 200, 0.01, 0.01, 2, 1.8));
    assertThat(disk.othersLimit()).isZero();
    Plan slack = plan(Map.of("fe", TenantState.start(0.5, 0, 0)), 4.5, view("fe", 1, 50, 0.01, 0.01, 2, 0.1));
    assertThat(slack.othersLimit()).as("grows back by one while every SLO holds with slack").isEqualTo(5.0);
  }
}
