package io.cake.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LoadClientTest {
  @Test
  void anOrderCarriesTheWholeSpecAndClockToTheClientProcess() throws Exception {
    Phase.Spec spec = new Phase.Spec("cake-slo-30", true, false, 20, 5, 70.5, 5, RateShape.ON_OFF, 31.5, 64, 12,
        40_000, 42, false, Map.of("frontend-b", 12.5, "frontend-c", 7.0));
    Load.Clock clock = new Load.Clock(1_000_000_123L, 26_000_000_123L, 96_500_000_123L);

    String line = LoadClient.write(new LoadClient.Order(spec, clock));
    LoadClient.Order order = LoadClient.read(line, LoadClient.Order.class);

    assertThat(line).doesNotContain("\n");
    assertThat(order.spec()).isEqualTo(spec);
    assertThat(order.clock()).isEqualTo(clock);
  }

  @Test
  void aReportCarriesTheCountsAndAFailureBack() throws Exception {
    Load.Done d = new Load.Done(3, 4, "RetriesExhaustedException: ...", "java.lang.IllegalStateException: x");

    assertThat(LoadClient.read(LoadClient.write(d), Load.Done.class)).isEqualTo(d);
    assertThat(LoadClient.read(LoadClient.write(Load.Done.NOTHING), Load.Done.class).failure()).isNull();
  }

  @Test
  void theTwoProcessesReportsSumWithTheFirstErrorSeen() {
    Load.Done frontends = new Load.Done(2, 0, "", null);
    Load.Done batch = new Load.Done(0, 5, "RpcThrottlingException", null);

    assertThat(frontends.plus(batch)).isEqualTo(new Load.Done(2, 5, "RpcThrottlingException", null));
    assertThat(new Load.Done(1, 0, "SocketTimeoutException", null).plus(batch).lastError())
        .as("the front ends' error first").isEqualTo("SocketTimeoutException");
    assertThat(Load.Done.NOTHING.plus(Load.Done.NOTHING)).isEqualTo(Load.Done.NOTHING);
  }

  @Test
  void eachProcessGetsItsOwnTenantsOnly() {
    Phase.Spec spec = new Phase.Spec("mixed", true, true, 0, 5, 30, 5, RateShape.CONSTANT, 30, 64, 12, 4000, 1,
        false, Map.of("frontend-b", 10.0));

    assertThat(spec.frontendsOnly().batch()).isFalse();
    assertThat(spec.frontendsOnly().frontend()).isTrue();
    assertThat(spec.frontendsOnly().otherFrontends()).containsOnlyKeys("frontend-b");
    assertThat(spec.batchOnly().batch()).isTrue();
    assertThat(spec.batchOnly().frontend()).isFalse();
    assertThat(spec.batchOnly().otherFrontends()).isEmpty();
    Phase.Spec batchAlone = new Phase.Spec("isolated-batch", false, true, 0, 5, 30, 5, RateShape.CONSTANT, 30, 64, 12,
        4000, 1, false);
    assertThat(batchAlone.frontendsOnly().hasLoad()).isFalse();
    assertThat(batchAlone.batchOnly().hasLoad()).isTrue();
  }

  @Test
  void theClockPutsTheMeasuredPeriodAfterSettleAndWarmUp() {
    Phase.Spec spec = new Phase.Spec("s", true, true, 20, 5, 30, 5, RateShape.CONSTANT, 30, 64, 12, 4000, 1, false);

    Load.Clock c = Load.Clock.of(spec, 1_000);

    assertThat(c.measureStart()).isEqualTo(1_000 + 25_000_000_000L);
    assertThat(c.end()).isEqualTo(1_000 + 55_000_000_000L);
  }
}
