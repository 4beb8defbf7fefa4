package io.cake.core.sched;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/** A {@link SoftLimitGate}'s slots: free, held and by whom, per device, lent, and their limits. */
final class SlotTable {
  private final BitSet free = new BitSet();
  private final BitSet held = new BitSet();
  /** The holder of each held slot (slots stay below {@link SoftLimitGate#MAX_LIMIT}). */
  private final SoftLimitGate.Permit[] holders = new SoftLimitGate.Permit[SoftLimitGate.MAX_LIMIT];
  /** Holders per device (permits that named one), kept whether or not a device limit is set. */
  private final Map<String, Integer> deviceHolders = new HashMap<>();
  private int limit;
  /** Most holders per device; 0: no limit per device. */
  private int deviceLimit;
  private int lent;

  SlotTable(int limit) {
    this.limit = limit;
    free.set(0, limit);
  }

  int limit() {
    return limit;
  }

  /** Changes the limit; slots held above a lowered limit are not freed when given back. */
  void resize(int newLimit) {
    if (newLimit > limit) {
      for (int s = limit; s < newLimit; s++) {
        if (!held.get(s)) {
          free.set(s);
        }
      }
    } else {
      free.clear(newLimit, Math.max(limit, free.length()));
    }
    limit = newLimit;
  }

  int deviceLimit() {
    return deviceLimit;
  }

  void setDeviceLimit(int perDevice) {
    deviceLimit = perDevice;
  }

  /** The first free slot at or after {@code from}, or -1. */
  int nextFree(int from) {
    return free.nextSetBit(from);
  }

  boolean noneFree() {
    return free.isEmpty();
  }

  /** The first held slot at or after {@code from}, or -1. */
  int nextHeld(int from) {
    return held.nextSetBit(from);
  }

  SoftLimitGate.Permit holder(int s) {
    return holders[s];
  }

  /** Free slot {@code s} goes to {@code p}. */
  void take(int s, SoftLimitGate.Permit p) {
    free.clear(s);
    held.set(s);
    holders[s] = p;
    if (p.device() != null) {
      deviceHolders.merge(p.device(), 1, Integer::sum);
    }
  }

  /** Held slot {@code s} is given back (or lent); it is free again if below the limit. */
  void release(int s) {
    held.clear(s);
    SoftLimitGate.Permit h = holders[s];
    if (h != null && h.device() != null) {
      deviceHolders.computeIfPresent(h.device(), (d, n) -> n > 1 ? n - 1 : null);
    }
    holders[s] = null;
    if (s < limit) {
      free.set(s);
    }
  }

  boolean hasRoom(String device) {
    return deviceLimit <= 0 || device == null || deviceHolders.getOrDefault(device, 0) < deviceLimit;
  }

  /** Holders working on {@code device}. */
  int holding(String device) {
    return deviceHolders.getOrDefault(device, 0);
  }

  int holding() {
    return held.cardinality();
  }

  int free() {
    return free.cardinality();
  }

  /** Holders that lent their slot and have not reclaimed it. */
  int lent() {
    return lent;
  }

  /** A holder lent its slot. */
  void lentOne() {
    lent++;
  }

  /** A lender got a slot back, or gave up its claim (closed). */
  void returnedOne() {
    lent--;
  }
}
