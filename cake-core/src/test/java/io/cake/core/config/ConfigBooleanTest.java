package io.cake.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ConfigBooleanTest {
  @Test
  void acceptsTrueAndFalseTrimmedInAnyCase() {
    assertThat(ConfigBoolean.parse("k", "true", false)).isTrue();
    assertThat(ConfigBoolean.parse("k", " TRUE\t", false)).isTrue();
    assertThat(ConfigBoolean.parse("k", "False", true)).isFalse();
    assertThat(ConfigBoolean.parse("k", null, true)).as("unset: the default").isTrue();
    assertThat(ConfigBoolean.parse("k", null, false)).isFalse();
  }

  @Test
  void refusesAnythingElseNamingKeyAndValue() {
    for (String junk : new String[] {"yes", "no", "ture", "1", "0", "on", "", "  ", "true!"}) {
      assertThatThrownBy(() -> ConfigBoolean.parse("cake.x.enabled", junk, true))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("cake.x.enabled must be true or false, got '" + junk + "'");
    }
  }
}
