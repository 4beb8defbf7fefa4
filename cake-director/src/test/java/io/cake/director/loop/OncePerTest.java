package io.cake.director.loop;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OncePerTest {
  @Test
  void theFirstStepActsAndThenOnlyOnceEverySoManySteps() {
    OncePer once = new OncePer(6);
    List<Long> acted = new ArrayList<>();
    for (long step = 1; step <= 20; step++) {
      if (once.due(step)) {
        acted.add(step);
      }
    }
    assertThat(acted).containsExactly(1L, 7L, 13L, 19L);
  }

  @Test
  void aStepNotAskedAboutDoesNotCount() {
    OncePer once = new OncePer(6);
    assertThat(once.due(1)).isTrue();
    assertThat(once.due(100)).as("long after: due at once").isTrue();
    assertThat(once.due(105)).isFalse();
  }
}
