package io.cake.director.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.core.config.SiteKeys;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DirectorConfigTest {
  @Test
  void withNoKeysTheDirectorIsOffWithTheDocumentedDefaults() {
    DirectorConfig c = DirectorConfig.of(SiteKeys.of(Map.of()));
    assertThat(c.enabled()).isFalse();
    assertThat(c.interval()).isEqualTo(Duration.ofSeconds(30));
    assertThat(c.maxMoves()).isEqualTo(2);
    assertThat(c.overprovision()).isEqualTo(1.1);
    assertThat(c.serverCommand()).isEmpty();
    assertThat(c.balancerCost()).isEqualTo(1000);
  }

  @Test
  void everyKeyIsRead() {
    DirectorConfig c = DirectorConfig.of(SiteKeys.of(Map.of("cake.director.enabled", "TRUE ",
        "cake.director.interval-ms", "5000", "cake.director.max-moves", "0", "cake.director.overprovision", " 1.5",
        "cake.director.server-command", " /opt/cake/bin/cake-cluster standby ", "cake.director.balancer-cost", "0")));
    assertThat(c).isEqualTo(new DirectorConfig(true, Duration.ofSeconds(5), 0, 1.5, "/opt/cake/bin/cake-cluster standby", 0));
  }

  @Test
  void aBadValueIsRefusedNamingItsKey() {
    assertRefused("cake.director.enabled", "yes", "cake.director.enabled");
    assertRefused("cake.director.interval-ms", "999", "cake.director.interval-ms must be >= 1000, got 999");
    assertRefused("cake.director.interval-ms", "30s", "cake.director.interval-ms must be an integer, got '30s'");
    assertRefused("cake.director.max-moves", "-1", "cake.director.max-moves must be >= 0, got -1");
    assertRefused("cake.director.overprovision", "0.9", "cake.director.overprovision must be a finite number >= 1, got 0.9");
    assertRefused("cake.director.overprovision", "NaN", "cake.director.overprovision must be a finite number >= 1");
    assertRefused("cake.director.balancer-cost", "-1", "cake.director.balancer-cost must be a finite number >= 0, got -1");
    assertRefused("cake.director.overprovision", "lots", "cake.director.overprovision must be a number, got 'lots'");
  }

  private static void assertRefused(String key, String value, String message) {
    assertThatThrownBy(() -> DirectorConfig.of(SiteKeys.of(Map.of(key, value))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message);
  }
}
