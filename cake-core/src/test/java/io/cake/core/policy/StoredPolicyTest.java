package io.cake.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.sched.Allocation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The store laid over a scheduler that does not read it (a DataNode's, through its controller). */
class StoredPolicyTest {
  @Test
  void eachEntrysShareAndReservationGoOverTheBaseAndABadFieldIsLeftOut() {
    Allocation base = new Allocation(Map.of("batch", 2.0, "etl", 4.0), Map.of("etl", 1), 1.0);
    StoredPolicy store = new StoredPolicy(3, List.of(
        TenantEntry.empty("batch").with(TenantEntry.SHARE, "5").with(TenantEntry.RESERVATION, "2"),
        TenantEntry.empty("etl").with(TenantEntry.SHARE, "lots").with(TenantEntry.RESERVATION, "-1"),
        TenantEntry.empty("front").with(TenantEntry.SHARE, "0").with(TenantEntry.CONTRACT, "500:100")),
        Map.of("typo", "unknown field"));
    Allocation over = store.over(base);
    assertThat(over.shares()).isEqualTo(Map.of("batch", 5.0, "etl", 4.0));
    assertThat(over.reservations()).isEqualTo(Map.of("batch", 2, "etl", 1));
    assertThat(over.defaultShare()).isEqualTo(1.0);
    assertThat(StoredPolicy.EMPTY.over(base)).isEqualTo(base);
  }
}
