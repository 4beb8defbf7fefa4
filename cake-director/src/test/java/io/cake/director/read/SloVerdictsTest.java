package io.cake.director.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.director.model.CapacityModel.Verdict;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SloVerdictsTest {
  @Test
  void anyMissIsTheServersVerdictAndNothingJudgedTeachesNothing() {
    assertThat(SloVerdicts.of(List.of(1.0, 0.0, Double.NaN))).isEqualTo(Verdict.MISSED);
    assertThat(SloVerdicts.of(List.of(1.0, Double.NaN))).isEqualTo(Verdict.MET);
    assertThat(SloVerdicts.of(Arrays.asList(Double.NaN, null))).isEqualTo(Verdict.NONE);
    assertThat(SloVerdicts.of(List.of())).isEqualTo(Verdict.NONE);
  }
}
