package io.cake.hbase.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.sched.InServiceCaps;
import io.cake.core.tenant.TenantNames;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The one rule for the RegionServer's caps on handlers in service: best effort's and the controller's. */
class InServiceCapsRuleTest {
  @Test
  void bestEffortIsHeldToTheCeilingOfItsHandlersAndTheOthersToTheControllersCap() {
    InServiceCaps none = HandlerLimits.inServiceCaps(0, Set.of(), 0);
    assertThat(none.max("batch")).isZero();
    assertThat(none.max(TenantNames.BEST_EFFORT)).isZero();

    InServiceCaps be = HandlerLimits.inServiceCaps(0.5, Set.of(), 0);
    assertThat(be.max(TenantNames.BEST_EFFORT)).as("half a handler: one at once").isEqualTo(1);
    assertThat(be.max("batch")).isZero();
    assertThat(HandlerLimits.inServiceCaps(2.5, Set.of(), 0).max(TenantNames.BEST_EFFORT)).isEqualTo(3);

    InServiceCaps ctl = HandlerLimits.inServiceCaps(2.5, Set.of("a", "b"), 2);
    assertThat(ctl.max("a")).as("SLO tenants exempt").isZero();
    assertThat(ctl.max("b")).isZero();
    assertThat(ctl.max("batch")).isEqualTo(2);
    assertThat(ctl.max("a-new-batch-job")).as("every tenant not named").isEqualTo(2);
    assertThat(ctl.max(TenantNames.BEST_EFFORT)).as("the lower of its own and the others'").isEqualTo(2);
    assertThat(HandlerLimits.inServiceCaps(0, Set.of("a"), 4).max(TenantNames.BEST_EFFORT)).isEqualTo(4);
  }
}
