package io.cake.sim;

import java.util.SplittableRandom;

/**
 * The simulated hardware: HBase handlers, DataNode disk slots, and how long one 64 KB chunk read
 * holds a slot.
 *
 * @param chunkMs the mean time of one chunk read; what the RegionServer's scheduler estimates a
 *     request's handler time by
 * @param disk how one read's time is drawn
 */
public record Hardware(int hbaseHandlers, int hdfsSlots, double chunkMs, Disk disk) {
  /** Exponentially distributed chunk reads of mean {@code chunkMs}: a queue with no bound on one read. */
  public Hardware(int hbaseHandlers, int hdfsSlots, double chunkMs) {
    this(hbaseHandlers, hdfsSlots, chunkMs, Disk.exponential(chunkMs));
  }

  /** A slot per actuator of a rotational disk ({@link Disk#rotational}), its mean read as chunkMs. */
  public static Hardware rotational(int hbaseHandlers, int actuators, double seekMs, int rpm, double mbPerSecond) {
    Disk d = Disk.rotational(seekMs, rpm, mbPerSecond);
    return new Hardware(hbaseHandlers, actuators, d.meanMs(), d);
  }

  /** How long one chunk read takes, drawn from the simulation's one random source. */
  public interface Disk {
    long sampleNanos(SplittableRandom random);

    double meanMs();

    /** Exponential reads of mean {@code meanMs}. */
    static Disk exponential(double meanMs) {
      return new Disk() {
        @Override
        public long sampleNanos(SplittableRandom random) {
          return (long) (-Math.log(1.0 - random.nextDouble()) * meanMs * 1_000_000);
        }

        @Override
        public double meanMs() {
          return meanMs;
        }

        @Override
        public String toString() {
          return String.format("exponential(mean %.2f ms)", meanMs);
        }
      };
    }

    /**
     * The benchmarks' emulated disk for a random 64 KB read (docs/benchmark.md): a seek uniform in
     * [1 ms, 2 x mean - 1 ms], a rotational delay uniform over one revolution, and the transfer.
     * Bounded, unlike an exponential: a read's tail is the disk's worst position, not a queue's.
     */
    static Disk rotational(double seekMs, int rpm, double mbPerSecond) {
      double revolutionMs = 60_000.0 / rpm;
      double transferMs = 64.0 / 1024 / mbPerSecond * 1000;
      return new Disk() {
        @Override
        public long sampleNanos(SplittableRandom random) {
          double seek = 1 + random.nextDouble() * (2 * seekMs - 2);
          double rotation = random.nextDouble() * revolutionMs;
          return (long) ((seek + rotation + transferMs) * 1_000_000);
        }

        @Override
        public double meanMs() {
          return seekMs + revolutionMs / 2 + transferMs;
        }

        @Override
        public String toString() {
          return String.format("rotational(seek %.1f ms, %d rpm, %.0f MB/s)", seekMs, rpm, mbPerSecond);
        }
      };
    }
  }
}
