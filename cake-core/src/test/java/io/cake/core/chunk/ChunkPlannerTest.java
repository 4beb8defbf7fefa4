package io.cake.core.chunk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ChunkPlannerTest {
  private final ChunkPlanner planner = new ChunkPlanner(ChunkPlanner.DEFAULT_CHUNK_SIZE);

  @Test
  void anAlignedReadTakesWholeChunks() {
    assertThat(planner.nextLength(0, 4L << 20)).isEqualTo(65_536);
    assertThat(planner.nextLength(65_536, 4L << 20)).isEqualTo(65_536);
  }

  @Test
  void anUnalignedReadIsCutAtTheNextChunkBoundaryAndCoversEveryByteOnce() {
    long offset = 100_000;
    long length = 300_000;
    assertThat(planner.nextLength(offset, length)).isEqualTo(131_072 - 100_000);
    long pos = offset;
    long remaining = length;
    while (remaining > 0) {
      int n = planner.nextLength(pos, remaining);
      assertThat(n).isBetween(1, 65_536);
      assertThat((pos + n) % 65_536 == 0 || pos + n == offset + length).isTrue();
      pos += n;
      remaining -= n;
    }
    assertThat(pos).isEqualTo(offset + length);
  }

  @Test
  void smallReadsAndEmptyReads() {
    assertThat(planner.nextLength(10, 5)).isEqualTo(5);
    assertThat(planner.nextLength(10, 0)).isZero();
    assertThat(new ChunkPlanner(4096).nextLength(4000, 200)).isEqualTo(96);
    assertThatThrownBy(() -> new ChunkPlanner(0)).hasMessageContaining("chunkSize");
    assertThatThrownBy(() -> planner.nextLength(-1, 10)).hasMessageContaining("position");
  }
}
