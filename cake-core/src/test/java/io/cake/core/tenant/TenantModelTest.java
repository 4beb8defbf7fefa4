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
    assertThat(TenantNames.isValid("x".repeat(64))).isTrue();
    assertThat(TenantNames.isValid("9lives")).isTrue();
    assertThat(TenantNames.isValid("caf\u00e9")).isFalse();
    assertThat(TenantNames.isValid("a b")).isFalse();
    assertThatThrownBy(() -> TenantNames.check("cake.tenant", "bad name"))
        .hasMessageContaining("cake.tenant")
        .hasMessageContaining("'bad name'");
  }

  @Test
  void operationTypesParseInAnyCaseTrimmedAndAnythingElseIsRefusedNamingWhatAndTheValues() {
    assertThat(OperationType.parse("k", " Get ")).isEqualTo(OperationType.GET);
    assertThat(OperationType.parse("k", "SCAN")).isEqualTo(OperationType.SCAN);
    assertThat(OperationType.parse("k", "mutation")).isEqualTo(OperationType.MUTATION);
    assertThat(OperationType.parse("k", "oTHER")).isEqualTo(OperationType.OTHER);
    for (OperationType o : OperationType.values()) {
      assertThat(OperationType.NAMES).as("every value is listed").contains(o.name().toLowerCase(java.util.Locale.ROOT));
    }
    for (String junk : new String[] {"gets", "put", "", " ", "all"}) {
      assertThatThrownBy(() -> OperationType.parse("cake.slo.front.operation", junk))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("cake.slo.front.operation must be get, scan, mutation or other, got '" + junk + "'");
    }
    assertThatThrownBy(() -> OperationType.parse("--operation", null)).hasMessageContaining("--operation");
  }

  @Test
  void namesFromRequestBytesAreTheValidAsciiOnesAndNothingElse() {
    java.nio.charset.Charset utf8 = java.nio.charset.StandardCharsets.UTF_8;
    assertThat(TenantNames.fromBytes("frontend".getBytes(utf8))).isEqualTo("frontend");
    assertThat(TenantNames.fromBytes("batch-2.etl_x".getBytes(utf8))).isEqualTo("batch-2.etl_x");
    assertThat(TenantNames.fromBytes("x".repeat(64).getBytes(utf8))).hasSize(64);
    assertThat(TenantNames.fromBytes("x".repeat(65).getBytes(utf8))).isNull();
    assertThat(TenantNames.fromBytes("caf\u00e9".getBytes(utf8))).as("valid UTF-8, not a valid name").isNull();
    assertThat(TenantNames.fromBytes(new byte[] {'a', (byte) 0xff, 'b'})).as("not UTF-8").isNull();
    assertThat(TenantNames.fromBytes(new byte[] {'a', (byte) 0xc1, (byte) 0xae})).isNull();
    assertThat(TenantNames.fromBytes("-lead".getBytes(utf8))).isNull();
    assertThat(TenantNames.fromBytes("a,type=evil".getBytes(utf8))).isNull();
    assertThat(TenantNames.fromBytes(new byte[0])).isNull();
    assertThat(TenantNames.fromBytes(null)).isNull();
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
  void aByteThroughputGoalIsMegabytesPerSecondMeasuredOverGoal() {
    ByteThroughputGoal floor = new ByteThroughputGoal(50);
    assertThat(floor.normalisedPerformance(75)).isEqualTo(1.5);
    assertThat(floor.normalisedPerformance(25)).isEqualTo(0.5);
    assertThat(floor.normalisedPerformance(-1)).isZero();
    assertThat(ByteThroughputGoal.megabytes(3_000_000)).isEqualTo(3.0); // 1 MB = 10^6 bytes
    assertThat(floor).hasToString(">= 50.0 MB/s");
    assertThat(floor).isNotEqualTo(new ThroughputGoal(50));

    for (double bad : new double[] {0, -5, Double.NaN, Double.POSITIVE_INFINITY}) {
      assertThatThrownBy(() -> new ByteThroughputGoal(bad)).hasMessageContaining("megabytesPerSecond");
    }
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
