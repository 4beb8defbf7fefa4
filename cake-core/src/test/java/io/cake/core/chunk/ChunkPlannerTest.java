package io.cake.core.chunk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.core.chunk.ChunkPlanner.Chunk;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChunkPlannerTest {
  private final ChunkPlanner planner = new ChunkPlanner(ChunkPlanner.DEFAULT_CHUNK_SIZE);

  @Test
  void anAlignedFourMegabyteReadIsSixtyFourChunks() {
    List<Chunk> chunks = planner.plan(0, 4L << 20);
    assertThat(chunks).hasSize(64);
    assertThat(chunks).allMatch(c -> c.length() == 65_536 && c.offset() % 65_536 == 0);
  }

  @Test
  void anUnalignedReadIsCutAtChunkBoundariesAndCoversEveryByteOnce() {
    long offset = 100_000;
    long length = 300_000;
    List<Chunk> chunks = planner.plan(offset, length);
    assertThat(chunks.get(0)).isEqualTo(new Chunk(100_000, 131_072 - 100_000));
    long pos = offset;
    for (Chunk c : chunks) {
      assertThat(c.offset()).isEqualTo(pos);
      assertThat(c.length()).isBetween(1, 65_536);
      assertThat((c.offset() + c.length()) % 65_536 == 0 || c.offset() + c.length() == offset + length)
          .isTrue();
      pos += c.length();
    }
    assertThat(pos).isEqualTo(offset + length);
  }

  @Test
  void smallReadsAndEmptyReads() {
    assertThat(planner.plan(10, 5)).containsExactly(new Chunk(10, 5));
    assertThat(planner.plan(10, 0)).isEmpty();
    assertThat(new ChunkPlanner(4096).plan(4000, 200))
        .containsExactly(new Chunk(4000, 96), new Chunk(4096, 104));
    assertThatThrownBy(() -> new ChunkPlanner(0)).hasMessageContaining("chunkSize");
    assertThatThrownBy(() -> planner.nextLength(-1, 10)).hasMessageContaining("position");
  }
}
