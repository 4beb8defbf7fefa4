package io.cake.cli.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NumbersTest {
  @Test
  void eachKindOfNumberReadsAsInATable() {
    assertThat(Numbers.fraction(0.4504)).isEqualTo("0.450");
    assertThat(Numbers.millis(0.043519)).isEqualTo("0.04");
    assertThat(Numbers.millis(99.090431)).isEqualTo("99.1");
    assertThat(Numbers.millis(1520.6)).isEqualTo("1521");
    assertThat(Numbers.rate(184.56)).isEqualTo("184.6");
    assertThat(Numbers.count(185.0)).isEqualTo("185");
    assertThat(Numbers.weight(33.333333333333336)).isEqualTo("33.3");
    assertThat(Numbers.weight(1.0)).isEqualTo("1");
    assertThat(Numbers.weight(0.1)).isEqualTo("0.1");
    assertThat(Numbers.weight(1200.0)).isEqualTo("1200");
    assertThat(Numbers.percentile(99.0)).isEqualTo("p99");
    assertThat(Numbers.percentile(99.9)).isEqualTo("p99.9");
    assertThat(Numbers.percentile(99.7623)).isEqualTo("p99.76");
  }

  @Test
  void notMeasuredIsNull() {
    assertThat(Numbers.millis(null)).isNull();
    assertThat(Numbers.fraction(null)).isNull();
    assertThat(Numbers.weight(null)).isNull();
  }
}
