package io.cake.hbase.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HandlerErrorLimitTest {
  @Test
  void abortsOnceMoreThanPercentTimesHandlersHaveFailed() {
    // The stock default, 0.5: with 4 handlers the third Error aborts, with 30 the sixteenth.
    assertThat(HandlerErrorLimit.exceeded(0.5, 4, 2)).isFalse();
    assertThat(HandlerErrorLimit.exceeded(0.5, 4, 3)).isTrue();
    assertThat(HandlerErrorLimit.exceeded(0.5, 30, 15)).isFalse();
    assertThat(HandlerErrorLimit.exceeded(0.5, 30, 16)).isTrue();
    assertThat(HandlerErrorLimit.exceeded(0.5, 5, 2)).isFalse();
    assertThat(HandlerErrorLimit.exceeded(0.5, 5, 3)).as("2.5 handlers").isTrue();
    // 0: the first Error aborts; a negative percent never does.
    assertThat(HandlerErrorLimit.exceeded(0.0, 4, 1)).isTrue();
    assertThat(HandlerErrorLimit.exceeded(-1.0, 4, 1_000_000)).isFalse();
    // 1.0: more Errors than handlers.
    assertThat(HandlerErrorLimit.exceeded(1.0, 4, 4)).isFalse();
    assertThat(HandlerErrorLimit.exceeded(1.0, 4, 5)).isTrue();
  }

  @Test
  void countsErrorsAgainstTheConfiguredHandlersNotAPoolAimdShrank() {
    // hbase.regionserver.handler.count 30: stock aborts at the sixteenth Error. AIMD has the pool
    // at 4; the third Error must not abort.
    HandlerErrorLimit limit = new HandlerErrorLimit(0.5, 30);
    for (int i = 1; i <= 15; i++) {
      assertThat(limit.countError(4)).as("Error %d", i).isFalse();
    }
    assertThat(limit.countError(4)).as("the sixteenth").isTrue();
    // Errors are never forgotten: the next one aborts again (aborting twice is harmless).
    assertThat(limit.countError(4)).isTrue();
    assertThat(limit.errors()).isEqualTo(17);
    // A pool AIMD grew past the configured count counts as its size.
    HandlerErrorLimit grown = new HandlerErrorLimit(0.5, 4);
    assertThat(grown.handlers(40)).isEqualTo(40);
    for (int i = 1; i <= 20; i++) {
      assertThat(grown.countError(40)).as("Error %d of a pool of 40", i).isFalse();
    }
    assertThat(new HandlerErrorLimit(Double.NaN, 30).countError(1)).as("as stock").isFalse();
  }
}
