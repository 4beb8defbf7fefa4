package io.cake.core.chunk;

/**
 * The chunk size of Cake's HDFS scheduling (section 5.1: 64 KB by default), so a large read holds a
 * disk slot for one chunk at a time, and {@link #nextLength}, a chunk length that ends on a multiple
 * of it. The DataNode gates {@code min(wanted, chunkSize)} bytes per disk read and does not align.
 */
public final class ChunkPlanner {
  public static final int DEFAULT_CHUNK_SIZE = 64 * 1024;

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
}
