package io.cake.core.contract;

import io.cake.core.tenant.ThroughputContract;

/**
 * The generic cell rate algorithm over a {@link Contract}'s token buckets: each bucket is one
 * number, the theoretical arrival time of its next call. A bucket of rate r and burst b spaces
 * calls T = 1/r apart and lets a call in while that time is at most (b - 1) T ahead of now; so a
 * full bucket takes b calls at once, then one every T. Integer nanoseconds: the same inputs give
 * the same answers.
 *
 * <p>Holds only the buckets' constants; the times are the caller's, so one rule serves a caller
 * that swaps them by compare-and-set ({@link ContractMeter}, on RPC reader threads) and one that
 * updates them in place under its own lock (a scheduler's lane). Time is passed in.
 */
public final class Gcra {
  /**
   * The longest spacing and tolerance kept, about 36 years: a contract rate below about 1e-10/s
   * spaces calls further apart than a long holds, and a theoretical arrival time past it would wrap
   * negative and read as long past. Within this, every time kept is at most twice it ahead of now,
   * so differences stay exact; beyond, every call after the burst is still refused.
   */
  static final long LONGEST = Long.MAX_VALUE / 8;

  private final long[] interval;
  private final long[] tolerance;

  public Gcra(Contract contract) {
    int n = contract.buckets().size();
    interval = new long[n];
    tolerance = new long[n];
    for (int i = 0; i < n; i++) {
      ThroughputContract b = contract.buckets().get(i);
      interval[i] = Math.max(1L, Math.min(LONGEST, Math.round(1e9 / b.ratePerSecond())));
      // Saturating: a burst of billions is as good as no limit on bursts.
      tolerance[i] = b.burst() - 1 > LONGEST / interval[i] ? LONGEST : (b.burst() - 1) * interval[i];
    }
  }

  /** Every bucket full at {@code nowNanos}: the next burst goes in at once. */
  public long[] full(long nowNanos) {
    long[] t = new long[interval.length];
    java.util.Arrays.fill(t, nowNanos);
    return t;
  }

  /** Whether a call at {@code nowNanos} fits every bucket of state {@code tat}. */
  public boolean conforms(long[] tat, long nowNanos) {
    for (int i = 0; i < tat.length; i++) {
      if (tat[i] - nowNanos > tolerance[i]) {
        return false;
      }
    }
    return true;
  }

  /** The state after a call at {@code nowNanos} took a token from each bucket, as a new array. */
  public long[] next(long[] tat, long nowNanos) {
    long[] n = tat.clone();
    take(n, nowNanos);
    return n;
  }

  /** Takes a token from each bucket of {@code tat} in place, for a caller under its own lock. */
  public void take(long[] tat, long nowNanos) {
    for (int i = 0; i < tat.length; i++) {
      tat[i] = Math.min(Math.max(tat[i], nowNanos) + interval[i], nowNanos + 2 * LONGEST);
    }
  }
}
