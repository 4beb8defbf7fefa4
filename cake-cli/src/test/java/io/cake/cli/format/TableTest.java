package io.cake.cli.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TableTest {
  @Test
  void textLeftNumbersRightNoTrailingSpaces() {
    Table t = new Table().text("TENANT").number("P99 MS").text("SLO")
        .row("frontend", "12.5", "")
        .row("b", "1234", "p99.0 <= 50.0 ms met")
        .row("c", null, null);
    assertThat(t.lines("  ")).containsExactly(
        "  TENANT    P99 MS  SLO",
        "  frontend    12.5",
        "  b           1234  p99.0 <= 50.0 ms met",
        "  c              -  -");
  }

  @Test
  void cellsMustMatchColumns() {
    assertThatThrownBy(() -> new Table().text("A").row("1", "2")).hasMessageContaining("1 columns, 2 cells");
    assertThatThrownBy(() -> new Table().text("A").row("1").text("B")).isInstanceOf(IllegalStateException.class);
  }
}
