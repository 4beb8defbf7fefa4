package io.cake.core.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.core.tenant.TenantNames;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContractMeterTest {
  private static final long MS = 1_000_000L;

  private static int admitted(ContractMeter m, String tenant, long at, int calls) {
    int in = 0;
    for (int i = 0; i < calls; i++) {
      in += m.admit(tenant, at) ? 1 : 0;
    }
    return in;
  }

  @Test
  void aFullBucketTakesItsBurstAtOnceThenOneCallPerInterval() {
    ContractMeter m = new ContractMeter();
    m.setContracts(Map.of("front", Contract.of(10, 5)), 0); // one call per 100 ms, bursts of 5
    assertThat(admitted(m, "front", 0, 8)).isEqualTo(5);
    assertThat(m.admit("front", 99 * MS)).as("the next token is due at 100 ms").isFalse();
    assertThat(m.admit("front", 100 * MS)).isTrue();
    assertThat(m.admit("front", 100 * MS)).isFalse();
    // Idle for 10 s: saved up to the burst, not beyond.
    assertThat(admitted(m, "front", 10_100 * MS, 8)).isEqualTo(5);
    assertThat(m.totals()).containsEntry("front", new ContractMeter.Totals(11, 8));
  }

  @Test
  void aSteadySenderAtThreeTimesItsContractHasAThirdOfItsCallsInContract() {
    ContractMeter m = new ContractMeter();
    m.setContracts(Map.of("noisy", Contract.of(100, 10)), 0);
    int in = 0;
    for (int i = 0; i < 3_000; i++) { // 300 calls/s for 10 s
      in += m.admit("noisy", i * 10 * MS / 3) ? 1 : 0;
    }
    assertThat(in).isBetween(1_000, 1_010); // 100/s for 10 s plus the first burst
  }

  @Test
  void everyBucketMustHaveATokenAndAnOverContractCallTakesNone() {
    ContractMeter m = new ContractMeter();
    // 10/s long run with bursts of 20, but never more than 2 back to back (1,000/s peak).
    m.setContracts(Map.of("front", Contract.parse("k", "10:20,1000:2")), 0);
    assertThat(admitted(m, "front", 0, 5)).as("the peak bucket's burst").isEqualTo(2);
    assertThat(admitted(m, "front", 1 * MS, 5)).isEqualTo(1);
    // The refused calls took nothing from the long-run bucket: 17 of its 20 are still there.
    int in = 0;
    for (int i = 0; i < 40; i++) {
      in += m.admit("front", (10 + 2 * i) * MS) ? 1 : 0;
    }
    assertThat(in).isEqualTo(17);
  }

  @Test
  void tenantsWithoutAContractAreAlwaysInContractAndNotCounted() {
    ContractMeter m = new ContractMeter();
    m.setContracts(Map.of("front", Contract.of(1, 1)), 0);
    assertThat(admitted(m, "batch", 0, 100)).isEqualTo(100);
    assertThat(m.serveAs("front", 0)).isEqualTo("front");
    assertThat(m.serveAs("front", 0)).isEqualTo(TenantNames.BEST_EFFORT);
    assertThat(m.totals()).containsOnlyKeys("front");
  }

  @Test
  void anUnchangedContractKeepsItsStateAcrossAReloadAndAChangedOneStartsFull() {
    ContractMeter m = new ContractMeter();
    m.setContracts(Map.of("a", Contract.of(1, 2), "b", Contract.of(1, 2)), 0);
    admitted(m, "a", 0, 2);
    admitted(m, "b", 0, 2);
    m.setContracts(Map.of("a", Contract.of(1, 2), "b", Contract.of(1, 3)), 0);
    assertThat(m.admit("a", 0)).as("a's bucket is still empty").isFalse();
    assertThat(admitted(m, "b", 0, 5)).as("b's new contract starts full").isEqualTo(3);
    assertThat(m.totals().get("b")).as("counters survive").isEqualTo(new ContractMeter.Totals(5, 2));
    m.setContracts(Map.of(), 0);
    assertThat(admitted(m, "a", 0, 5)).as("no contract any more").isEqualTo(5);
    assertThat(m.contracts()).isEmpty();
  }

  @Test
  void theBestEffortTenantCannotHaveAContract() {
    ContractMeter m = new ContractMeter();
    assertThatThrownBy(() -> m.setContracts(Map.of(TenantNames.BEST_EFFORT, Contract.of(1, 1)), 0))
        .hasMessageContaining(TenantNames.BEST_EFFORT);
  }

  @Test
  void contractTextIsParsedAndBadTextNamesTheKey() {
    assertThat(Contract.parse("k", " 200:50 , 1000.5:20 ").buckets()).hasSize(2);
    assertThat(Contract.parse("k", "200:50,1000.5:20").toString()).isEqualTo("200:50,1000.5:20");
    for (String bad : List.of("", "200", "200:", ":5", "a:5", "200:5.5", "0:5", "-1:5", "200:0", "200:-3",
        "NaN:5", "Infinity:5", "200:5,", "1:2:3")) {
      assertThatThrownBy(() -> Contract.parse("cake.hbase.tenant.x.contract", bad))
          .as("'%s'", bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("cake.hbase.tenant.x.contract");
    }
  }

  @Test
  void callsRacingForTheLastTokensNeverGetMoreThanTheBurst() throws Exception {
    ContractMeter m = new ContractMeter();
    m.setContracts(Map.of("front", Contract.parse("k", "1:100,2:150")), 0);
    int threads = 4;
    java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
    java.util.List<java.util.concurrent.Future<Integer>> in = new java.util.ArrayList<>();
    for (int t = 0; t < threads; t++) {
      in.add(pool.submit(() -> {
        go.await();
        return admitted(m, "front", 0, 1_000);
      }));
    }
    go.countDown();
    int total = 0;
    for (var f : in) {
      total += f.get();
    }
    pool.shutdown();
    assertThat(total).as("the smaller burst, whatever the interleaving").isEqualTo(100);
    assertThat(m.totals().get("front")).isEqualTo(new ContractMeter.Totals(100, 3_900));
  }
}
