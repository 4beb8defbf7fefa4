package io.cake.core.tenant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class TenantModelTest {

  @Test
  void tenantNamesAreValidatedBecauseClientsSupplyThem() {
    assertThat(TenantNames.isValid("frontend")).isTrue();
    assertThat(TenantNames.isValid("batch-2.etl_x")).isTrue();
    assertThat(TenantNames.isValid("")).isFalse();
    assertThat(TenantNames.isValid("-lead")).isFalse();
    assertThat(TenantNames.isValid("a,type=evil")).isFalse();
    assertThat(TenantNames.isValid("x".repeat(65))).isFalse();
    assertThat(TenantNames.isValid(null)).isFalse();
    assertThatThrownBy(() -> TenantNames.check("cake.tenant", "bad name"))
        .hasMessageContaining("cake.tenant")
        .hasMessageContaining("'bad name'");
  }

  @Test
  void goalsValidateAndNormalisePerformanceAsInCake() {
    LatencyGoal p99 = LatencyGoal.of(99, 100);
    assertThat(p99.normalisedPerformance(50)).isEqualTo(2.0);
    assertThat(p99.normalisedPerformance(200)).isEqualTo(0.5);
    assertThat(new ThroughputGoal(1000).normalisedPerformance(1200)).isEqualTo(1.2);
    assertThat(LatencyGoal.of(99.9, 50, OperationType.GET).operation()).contains(OperationType.GET);

    assertThatThrownBy(() -> LatencyGoal.of(100, 10)).hasMessageContaining("percentile");
    assertThatThrownBy(() -> LatencyGoal.of(99, -1)).hasMessageContaining("millis");
    assertThatThrownBy(() -> new ThroughputGoal(0)).hasMessageContaining("opsPerSecond");
    assertThatThrownBy(() -> new ThroughputContract(100, 0)).hasMessageContaining("burst");
    assertThatThrownBy(() -> new ThroughputContract(Double.NaN, 5)).hasMessageContaining("ratePerSecond");
  }

  @Test
  void tenantSpecsNameTheBadField() {
    assertThat(TenantSpec.latency("fe", LatencyGoal.of(99, 100)).tenantClass())
        .isEqualTo(TenantClass.LATENCY_SENSITIVE);
    assertThatThrownBy(
            () -> new TenantSpec("fe", TenantClass.LATENCY_SENSITIVE, Optional.empty(), Optional.empty()))
        .hasMessageContaining("goal");
    assertThatThrownBy(() -> TenantSpec.batch("has space")).hasMessageContaining("name");
    assertThatThrownBy(
            () ->
                new TenantSpec(
                    "be", TenantClass.BEST_EFFORT, Optional.of(new ThroughputGoal(5)), Optional.empty()))
        .hasMessageContaining("BEST_EFFORT");
  }
}
