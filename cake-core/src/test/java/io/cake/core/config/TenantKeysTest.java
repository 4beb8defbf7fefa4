package io.cake.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.core.sched.Allocation;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TenantKeysTest {
  private static final String PREFIX = "cake.x.tenant.";
  private static final String DEFAULT_SHARE_KEY = "cake.x.default-share";
  private static final TenantKeys KEYS = new TenantKeys(PREFIX, DEFAULT_SHARE_KEY, ".allowed-users");

  @Test
  void goodKeys() {
    TenantKeys.Parsed p =
        KEYS.parse(
            Map.of(
                "fe.share", " 4 ",
                "fe.reservation", "2",
                "batch.v2.share", "0.5",
                "zero.reservation", "0",
                "fe.allowed-users", " alice,bob "),
            "2");
    Allocation a = p.allocation();
    assertThat(a.share("fe")).isEqualTo(4.0);
    assertThat(a.share("batch.v2")).as("dots belong to the tenant").isEqualTo(0.5);
    assertThat(a.share("anyone")).isEqualTo(2.0);
    assertThat(a.reservations()).isEqualTo(Map.of("fe", 2));
    assertThat(p.values(".allowed-users")).isEqualTo(Map.of("fe", "alice,bob"));
    assertThat(p.values(".other")).isEmpty();
  }

  @Test
  void nothingSetIsEqualShares() {
    TenantKeys.Parsed p = KEYS.parse(Map.of(), null);
    assertThat(p.allocation()).isEqualTo(Allocation.equalShares());
    assertThat(p.values(".allowed-users")).isEmpty();
  }

  @Test
  void aTenantMayBeNamedLikeASuffix() {
    Allocation a = KEYS.parse(Map.of("share.reservation", "1", "reservation.share", "3"), null).allocation();
    assertThat(a.reservation("share")).isEqualTo(1);
    assertThat(a.share("reservation")).isEqualTo(3.0);
  }

  @Test
  void anUnknownSuffixIsRefusedNamingTheKeyAndTheKnownOnes() {
    assertRefused(
        Map.of("fe.weight", "1"),
        "unknown key cake.x.tenant.fe.weight: per-tenant keys are"
            + " cake.x.tenant.<tenant>{.share,.reservation,.allowed-users}");
    assertRefused(Map.of("fe.shares", "1"), "unknown key cake.x.tenant.fe.shares");
    assertRefused(Map.of("share", "1"), "unknown key cake.x.tenant.share");
    assertRefused(Map.of(".share", "1"), "unknown key cake.x.tenant..share");
    // Suffixes the side did not declare are unknown too.
    assertThatThrownBy(() -> new TenantKeys("cake.y.", "cake.y.d").parse(Map.of("fe.allowed-users", "a"), null))
        .hasMessageContaining("unknown key cake.y.fe.allowed-users")
        .hasMessageContaining("{.share,.reservation}");
  }

  @Test
  void badNumbersNameTheKey() {
    assertRefused(Map.of("fe.share", "lots"), "cake.x.tenant.fe.share must be a number, got 'lots'");
    assertRefused(Map.of("fe.share", ""), "cake.x.tenant.fe.share must be a number, got ''");
    assertRefused(Map.of("fe.share", "0"), "cake.x.tenant.fe.share must be a positive finite number, got '0'");
    assertRefused(Map.of("fe.share", "-1"), "cake.x.tenant.fe.share must be a positive finite number");
    assertRefused(Map.of("fe.share", "Infinity"), "cake.x.tenant.fe.share must be a positive finite number");
    assertRefused(Map.of("fe.share", "NaN"), "cake.x.tenant.fe.share must be a positive finite number");
    assertRefused(Map.of("fe.reservation", "1.5"), "cake.x.tenant.fe.reservation must be an integer, got '1.5'");
    assertRefused(Map.of("fe.reservation", "-2"), "cake.x.tenant.fe.reservation must be >= 0, got -2");
    assertThatThrownBy(() -> KEYS.parse(Map.of(), "x"))
        .hasMessage("cake.x.default-share must be a number, got 'x'");
    assertThatThrownBy(() -> KEYS.parse(Map.of(), "0"))
        .hasMessageContaining("cake.x.default-share must be a positive finite number");
  }

  @Test
  void badTenantNamesNameTheKey() {
    assertRefused(Map.of("a b.share", "1"), "tenant of cake.x.tenant.a b.share must be 1-64 characters");
    assertRefused(Map.of("-fe.reservation", "1"), "got '-fe'");
    assertRefused(Map.of("x".repeat(65) + ".share", "1"), "must be 1-64 characters");
  }

  @Test
  void theFirstBadKeyInNameOrderIsTheOneReported() {
    Map<String, String> conf = new HashMap<>();
    conf.put("b.share", "x");
    conf.put("a.share", "y");
    conf.put("c.share", "z");
    assertRefused(conf, "cake.x.tenant.a.share");
  }

  private static void assertRefused(Map<String, String> underPrefix, String message) {
    assertThatThrownBy(() -> KEYS.parse(underPrefix, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }

  @Test
  void sharedKeysDefineATenantForEveryLevelAndALevelsOwnKeyWins() {
    TenantKeys.Parsed p =
        KEYS.parse(
            Map.of("fe.share", "9", "fe.reservation", "1", "batch.share", "1"),
            Map.of("fe.share", "4", "fe.allowed-users", "alice"),
            null);
    assertThat(p.allocation().share("fe")).as("own key").isEqualTo(4.0);
    assertThat(p.allocation().share("batch")).as("shared key").isEqualTo(1.0);
    assertThat(p.allocation().reservation("fe")).as("shared key").isEqualTo(1);
    assertThat(p.values(".allowed-users")).isEqualTo(Map.of("fe", "alice"));
    assertThat(p.overrides()).containsExactly("cake.x.tenant.fe.share=4.0 overrides cake.tenant.fe.share=9.0");
    // The same value twice is no conflict.
    assertThat(KEYS.parse(Map.of("fe.share", "4"), Map.of("fe.share", "4.0"), null).overrides()).isEmpty();
  }

  @Test
  void badSharedKeysAreRefusedByTheirFullName() {
    assertThatThrownBy(() -> KEYS.parse(Map.of("fe.share", "-1"), Map.of(), null))
        .hasMessageContaining("cake.tenant.fe.share");
    // Level-only suffixes do not belong under the shared prefix.
    assertThatThrownBy(() -> KEYS.parse(Map.of("fe.allowed-users", "alice"), Map.of(), null))
        .hasMessageContaining("unknown key cake.tenant.fe.allowed-users");
  }
}
