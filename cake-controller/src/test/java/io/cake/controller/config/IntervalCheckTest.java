package io.cake.controller.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class IntervalCheckTest {
  @Test
  void defaultsAgree() {
    assertThat(IntervalCheck.mismatch(Map.of(), 10_000)).isEmpty();
    assertThat(IntervalCheck.mismatch(Map.of("cake.hbase.metrics.interval-ms", "5000"), 5_000)).isEmpty();
  }

  @Test
  void eachDisagreeingKeyIsNamed() {
    assertThat(IntervalCheck.mismatch(Map.of(), 5_000))
        .get().asString()
        .contains("cake.hbase.metrics.interval-ms=10000")
        .contains("cake.controller.interval-ms=5000");
    assertThat(
            IntervalCheck.mismatch(
                Map.of("cake.hbase.metrics.interval-ms", "5000", "cake.hdfs.metrics.interval-ms", "2000"), 5_000))
        .get().asString()
        .contains("cake.hdfs.metrics.interval-ms=2000")
        .doesNotContain("cake.hbase.metrics.interval-ms");
  }

  @Test
  void valuesTheirOwnLevelRefusesAreLeftToIt() {
    assertThat(IntervalCheck.mismatch(Map.of("cake.hbase.metrics.interval-ms", "soon"), 10_000)).isEmpty();
  }
}
