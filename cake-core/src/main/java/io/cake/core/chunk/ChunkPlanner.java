package io.cake.core.chunk;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a read of (offset, length) into chunks of at most {@code chunkSize} bytes that end on
 * multiples of the chunk size (Cake section 5.1: 64 KB by default), so a large read holds a disk
 * slot for one chunk at a time.
 */
public final class ChunkPlanner {
  public static final int DEFAULT_CHUNK_SIZE = 64 * 1024;

  /** One piece of a read. */
  public record Chunk(long offset, int length) {}

  private final int chunkSize;

  public ChunkPlanner(int chunkSize) {
    if (chunkSize < 1) {
      throw new IllegalArgumentException("chunkSize must be >= 1, got " + chunkSize);
    }
    this.chunkSize = chunkSize;
  }

  public int chunkSize() {
    return chunkSize;
  }

  /** Length of the chunk starting at {@code position} with {@code remaining} bytes left to read. */
  public int nextLength(long position, long remaining) {
    if (position < 0 || remaining < 0) {
      throw new IllegalArgumentException(
          "position and remaining must be >= 0, got " + position + ", " + remaining);
    }
    long toBoundary = chunkSize - Math.floorMod(position, (long) chunkSize);
    return (int) Math.min(toBoundary, remaining);
  }

  public List<Chunk> plan(long offset, long length) {
    List<Chunk> chunks = new ArrayList<>();
    long pos = offset;
    long remaining = length;
    while (remaining > 0) {
      int n = nextLength(pos, remaining);
      chunks.add(new Chunk(pos, n));
      pos += n;
      remaining -= n;
    }
    return chunks;
  }
}
