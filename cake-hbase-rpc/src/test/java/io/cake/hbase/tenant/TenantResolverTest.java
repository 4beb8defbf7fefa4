package io.cake.hbase.tenant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.hbase.tenant.TenantResolver.Source;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TenantResolverTest {
  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static TenantResolver permissive(int cap) {
    return new TenantResolver(
        Set.of("front"), Map.of(), Map.of("carol", "batch"), false, cap, new TenantResolver.Known());
  }

  @Test
  void orderIsRequestThenConnectionThenUserRuleThenDefault() {
    TenantResolver r = permissive(64);
    assertThat(r.resolve(b("req"), b("conn"), "carol")).isEqualTo(new TenantResolver.Resolution("req", Source.REQUEST_ATTRIBUTE, false));
    assertThat(r.resolve(null, b("conn"), "carol").tenant()).isEqualTo("conn");
    assertThat(r.resolve(null, b("conn"), "carol").source()).isEqualTo(Source.CONNECTION_ATTRIBUTE);
    assertThat(r.resolve(null, null, "carol")).isEqualTo(new TenantResolver.Resolution("batch", Source.USER_RULE, false));
    assertThat(r.resolve(null, null, "dave")).isEqualTo(new TenantResolver.Resolution("default", Source.DEFAULT, false));
    assertThat(r.resolve(new byte[0], null, null).source()).isEqualTo(Source.DEFAULT);
  }

  @Test
  void theOperationAttributeComesAfterTheRequestAttributeAndBeforeTheConnectionAttribute() {
    TenantResolver r = permissive(64);
    assertThat(r.resolve(b("req"), b("op"), b("conn"), "carol").source()).isEqualTo(Source.REQUEST_ATTRIBUTE);
    assertThat(r.resolve(null, b("op"), b("conn"), "carol"))
        .isEqualTo(new TenantResolver.Resolution("op", Source.OPERATION_ATTRIBUTE, false));
    assertThat(r.resolve(null, b("bad name!"), b("conn"), "carol").tenant()).isEqualTo("conn");
    assertThat(r.resolve(null, b("-x"), null, "carol").tenant()).isEqualTo("batch");
    assertThat(r.known().invalidNames()).isEqualTo(2);
  }

  @Test
  void anOperationAttributeIsAClaimUnderTheAcl() {
    TenantResolver r =
        new TenantResolver(Set.of(), Map.of("front", Set.of("alice")), Map.of("carol", "batch"), true, 64,
            new TenantResolver.Known());
    assertThat(r.resolve(null, b("front"), null, "alice").tenant()).isEqualTo("front");
    assertThat(r.resolve(null, b("front"), null, "carol").tenant()).isEqualTo("batch");
    assertThat(r.resolve(null, b("front"), null, "mallory").tenant()).isEqualTo("default");
    assertThat(r.known().deniedClaims()).isEqualTo(2);
  }

  @Test
  void invalidNamesFallThroughToTheNextSourceAndAreCounted() {
    TenantResolver r = permissive(64);
    assertThat(r.resolve(b("bad name!"), b("conn"), null).tenant()).isEqualTo("conn");
    assertThat(r.resolve(b("-leading"), null, "carol").tenant()).isEqualTo("batch");
    assertThat(r.resolve(b("x".repeat(65)), null, null).tenant()).isEqualTo("default");
    assertThat(r.resolve(new byte[] {(byte) 0xff, (byte) 0xfe}, null, null).tenant()).isEqualTo("default");
    assertThat(r.resolve(new byte[100_000], null, null).tenant()).isEqualTo("default");
    assertThat(r.known().invalidNames()).isEqualTo(5);
    assertThat(r.known().cap().contains("bad name!")).isFalse();
  }

  @Test
  void enforcedAclHonoursOnlyAllowedOrMappedUsers() {
    TenantResolver r =
        new TenantResolver(
            Set.of(),
            Map.of("front", Set.of("alice"), "open", Set.of("*")),
            Map.of("carol", "batch"),
            true,
            64,
            new TenantResolver.Known());
    assertThat(r.resolve(b("front"), null, "alice").tenant()).isEqualTo("front");
    assertThat(r.resolve(b("front"), null, "mallory").tenant()).isEqualTo("default");
    assertThat(r.resolve(b("front"), null, "carol").tenant()).as("falls to carol's rule").isEqualTo("batch");
    assertThat(r.resolve(b("batch"), null, "carol").source()).isEqualTo(Source.REQUEST_ATTRIBUTE);
    assertThat(r.resolve(b("open"), null, "anyone").tenant()).isEqualTo("open");
    assertThat(r.resolve(b("front"), null, null).tenant()).as("anonymous").isEqualTo("default");
    assertThat(r.resolve(b("default"), null, null).tenant()).isEqualTo("default");
    assertThat(r.known().deniedClaims()).isEqualTo(3);
    assertThat(r.mayClaim("alice", "open")).isTrue();
    assertThat(r.mayClaim("alice", "batch")).isFalse();
  }

  @Test
  void permissiveAclLetsAnyoneClaim() {
    TenantResolver r = permissive(64);
    assertThat(r.resolve(b("front"), null, "mallory").tenant()).isEqualTo("front");
    assertThat(r.known().deniedClaims()).isZero();
  }

  @Test
  void distinctTenantsAreCappedAndTheRestFoldIntoDefault() {
    // cap 4: default + front (configured) + batch (rule target) + one dynamic name
    TenantResolver r = permissive(4);
    assertThat(r.resolve(b("t1"), null, null).tenant()).isEqualTo("t1");
    TenantResolver.Resolution folded = r.resolve(b("t2"), null, null);
    assertThat(folded.tenant()).isEqualTo("default");
    assertThat(folded.folded()).isTrue();
    assertThat(r.resolve(b("t1"), null, null).tenant()).as("known names still resolve").isEqualTo("t1");
    assertThat(r.resolve(b("front"), null, null).tenant()).isEqualTo("front");
    assertThat(r.resolve(b("t3"), null, null).tenant()).isEqualTo("default");
    assertThat(r.known().cap().folded()).isEqualTo(2);
    assertThat(r.known().cap().size()).isEqualTo(4);
  }

  @Test
  void aHundredThousandClaimedNamesLeaveTheTenantSetAtTheCapAndConfiguredOnesServed() {
    TenantResolver r = permissive(16);
    for (int i = 0; i < 100_000; i++) {
      r.resolve(b("junk" + i), null, null);
    }
    assertThat(r.known().cap().size()).isEqualTo(16);
    assertThat(r.known().cap().folded()).isEqualTo(100_000 - 13); // default, front, batch pinned
    assertThat(r.resolve(b("front"), null, null).tenant()).isEqualTo("front");
    assertThat(r.resolve(null, null, "carol").tenant()).isEqualTo("batch");
  }

  @Test
  void knownTenantsSurviveAReloadOfTheRules() {
    TenantResolver.Known known = new TenantResolver.Known();
    TenantResolver first = new TenantResolver(Set.of(), Map.of(), Map.of(), false, 3, known);
    first.resolve(b("a"), null, null);
    first.resolve(b("b"), null, null);
    TenantResolver second = new TenantResolver(Set.of(), Map.of(), Map.of(), false, 3, known);
    assertThat(second.resolve(b("c"), null, null).tenant()).isEqualTo("default");
    assertThat(second.resolve(b("a"), null, null).tenant()).isEqualTo("a");
  }

  @Test
  void rejectsBadConstruction() {
    assertThatThrownBy(() -> new TenantResolver(Set.of("no good"), Map.of(), Map.of(), false, 4, new TenantResolver.Known()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no good");
    assertThatThrownBy(() -> new TenantResolver(Set.of(), Map.of(), Map.of(), false, 0, new TenantResolver.Known()))
        .hasMessageContaining("cake.hbase.max-tenants");
  }
}
