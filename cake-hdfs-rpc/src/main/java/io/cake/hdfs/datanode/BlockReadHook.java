package io.cake.hdfs.datanode;

import java.io.IOException;

/**
 * What a DataNode read of block data passes through just before it touches the block file. Cake's
 * gate is one ({@link DataNodeReadScheduler.ReadSession}: wait for a disk slot, cut the read to one
 * chunk); a benchmark's emulated disk is another. The hooked streams ({@link HookedFileInputStream},
 * {@link HookedFileChannel}, {@link HookedInputStream}) call {@link #begin} before each read or
 * transfer and {@link #end} after it, so hooks stack: the outer one decides what goes to the inner.
 */
public interface BlockReadHook {
  /**
   * Called before a read of up to {@code wanted} bytes (at least 1) at {@code position} in the block
   * file ({@code -1} if {@link #wantsPosition()} is false or the position is unknown). Returns how
   * many bytes to read now, from 1 to {@code wanted}: a short read is legal on every path.
   */
  int begin(long position, int wanted) throws IOException;

  /** The read started by the last {@link #begin} is over, successfully or not. */
  void end();

  /** The block stream is closed. Idempotent. */
  void close();

  /** Whether {@link #begin} needs the file position of stream reads (an lseek per read). */
  default boolean wantsPosition() {
    return false;
  }
}
