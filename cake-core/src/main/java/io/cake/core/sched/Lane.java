package io.cake.core.sched;

import io.cake.core.contract.Contract;

/**
 * A tenant's priority lane in one first-level scheduler (beyond Cake; PriorityMeister's priorities
 * in their simplest form). While the tenant has fewer than {@code slots} of its tickets in service
 * through the lane, a shared slot that frees serves it before any tenant picked by shares; lanes of
 * a lower {@code rank} go first (1 is the highest). Unlike a reservation, a lane never idles a
 * slot: when its tenant has nothing queued, every slot serves the others. Unlike a share, it does
 * not wait for the tenant's turn: a burst starts at once on up to {@code slots} slots. Service
 * through a lane is not charged to the tenant's share (it comes on top, as reservations do), and
 * {@code slots} bounds what a tenant in a lane can take from the others: beyond it, its work waits
 * its turn by share like everyone's. A scheduler never lets lanes take its last slot.
 *
 * <p>{@code limit}, if any, bounds the lane's rate as well as its width: token buckets (rate in
 * tickets per second, burst in tickets; PriorityMeister's several (rate, burst) pairs per
 * priority), from which each ticket served through the lane takes a token. With a bucket empty,
 * the tenant's work goes by share until it refills. Width bounds how many slots a tenant in a lane
 * holds at once; the buckets bound how much it sends through them over time, so a tenant that
 * sends more than the buckets were fitted to keeps its lane for what it was fitted to only.
 *
 * @param rank the lane's priority, 1 or more: lower goes first
 * @param slots the most of the tenant's tickets in service through the lane at once, 1 or more
 * @param limit token buckets on the tickets served through the lane, or null for none
 */
public record Lane(int rank, int slots, Contract limit) {
  public Lane {
    if (rank < 1) {
      throw new IllegalArgumentException("a lane's rank must be >= 1 (1 goes first), got " + rank);
    }
    if (slots < 1) {
      throw new IllegalArgumentException("a lane's slots must be >= 1, got " + slots);
    }
  }

  /** A lane bounded by its width only. */
  public Lane(int rank, int slots) {
    this(rank, slots, null);
  }

  /** This lane with {@code next} as its buckets (null: none). */
  public Lane withLimit(Contract next) {
    return new Lane(rank, slots, next);
  }

  /**
   * {@code rank:slots}, or {@code rank:slots@RATE:BURST/RATE:BURST} with buckets: the text form
   * over JMX (',' separates tenants there, so '/' separates buckets).
   */
  @Override
  public String toString() {
    return rank + ":" + slots + (limit == null ? "" : "@" + limit.toString().replace(',', '/'));
  }
}
