package io.cake.core.sched;

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
 * @param rank the lane's priority, 1 or more: lower goes first
 * @param slots the most of the tenant's tickets in service through the lane at once, 1 or more
 */
public record Lane(int rank, int slots) {
  public Lane {
    if (rank < 1) {
      throw new IllegalArgumentException("a lane's rank must be >= 1 (1 goes first), got " + rank);
    }
    if (slots < 1) {
      throw new IllegalArgumentException("a lane's slots must be >= 1, got " + slots);
    }
  }

  /** {@code rank:slots}, the text form over JMX. */
  @Override
  public String toString() {
    return rank + ":" + slots;
  }
}
