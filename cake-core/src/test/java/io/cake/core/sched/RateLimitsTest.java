package io.cake.core.sched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RateLimitsTest {
  @Test
  void aCapHoldsATenantToTheLowerOfItsLimitAndTheCap() {
    assertThat(RateLimits.none().capped("be", 1e6).rate("be")).isEqualTo(1e6);
    assertThat(RateLimits.none().capped("be", 1e6).rate("other")).as("the others stay unlimited").isZero();
    RateLimits throttle = RateLimits.allBut("front", 5e5);
    RateLimits both = throttle.capped("be", 1e6);
    assertThat(both.rate("be")).as("the throttle is lower").isEqualTo(5e5);
    assertThat(both.rate("front")).as("the exempt tenant stays exempt").isZero();
    assertThat(both.rate("batch")).isEqualTo(5e5);
    assertThat(RateLimits.allBut("front", 2e6).capped("be", 1e6).rate("be")).isEqualTo(1e6);
    assertThat(throttle.capped("be", 0)).as("no cap").isSameAs(throttle);
    assertThatThrownBy(() -> throttle.capped("be", -1)).hasMessageContaining("cap of 'be'");
  }
}
