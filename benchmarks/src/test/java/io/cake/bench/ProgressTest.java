package io.cake.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProgressTest {
  @Test
  void theLineFitsTheTerminalLessTheLastColumn() {
    assertThat(Progress.width("80")).isEqualTo(79);
    assertThat(Progress.width(" 200 ")).isEqualTo(199);
  }

  @Test
  void anUnknownWidthFallsBackToTheDefault() {
    assertThat(Progress.width(null)).isEqualTo(Progress.DEFAULT_WIDTH);
    assertThat(Progress.width("")).isEqualTo(Progress.DEFAULT_WIDTH);
    assertThat(Progress.width("wide")).isEqualTo(Progress.DEFAULT_WIDTH);
    assertThat(Progress.width("0")).isEqualTo(Progress.DEFAULT_WIDTH);
    assertThat(Progress.width("-5")).isEqualTo(Progress.DEFAULT_WIDTH);
  }
}
