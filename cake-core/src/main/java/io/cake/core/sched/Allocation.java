package io.cake.core.sched;

import io.cake.core.tenant.TenantNames;
import java.util.Map;
import java.util.TreeMap;

/**
 * Proportional shares, reservations and priority lanes for one first-level scheduler: what the
 * second level sets.
 *
 * <p>A share is a positive weight; a tenant's fraction of the shared slots' service is its weight
 * over the sum of the weights of the tenants that have work queued. Tenants not named get {@code
 * defaultShare}. A reservation is a number of slots that serve only that tenant (and idle
 * otherwise); reservations come on top of the share, as in Cake.
 *
 * <p>Reservations never take the last shared slot ({@link #maxReservable}): it serves everyone, so
 * control traffic and tenants without a reservation cannot starve. Every place that checks or
 * clips reservations against a slot count goes through {@link #maxReservable}, {@link #fits} or
 * {@link #checkFits}.
 *
 * <p>A {@link Lane} puts a tenant's work ahead of the shares on up to a number of slots at once;
 * most tenants have none.
 */
public record Allocation(
    Map<String, Double> shares, Map<String, Integer> reservations, double defaultShare,
    Map<String, Lane> lanes) {

  public static final double DEFAULT_SHARE = 1.0;
  /** Best effort's weight, unless named, as a fraction of the lightest other weight. */
  public static final double BEST_EFFORT_FRACTION = 1e-3;

  public Allocation {
    checkShare("defaultShare", defaultShare);
    shares.forEach(
        (tenant, share) -> {
          TenantNames.check("share tenant", tenant);
          checkShare("share of '" + tenant + "'", share == null ? Double.NaN : share);
        });
    reservations.forEach(
        (tenant, count) -> {
          TenantNames.check("reservation tenant", tenant);
          if (count == null || count < 0) {
            throw new IllegalArgumentException(
                "reservation of '" + tenant + "' must be >= 0, got " + count);
          }
        });
    // Sorted, not Map.copyOf: its iteration order changes from one JVM to the next, and queues are
    // created (and ties broken) in this order, which must repeat for the simulator to.
    shares = java.util.Collections.unmodifiableMap(new TreeMap<>(shares));
    TreeMap<String, Integer> nonZero = new TreeMap<>(reservations);
    nonZero.values().removeIf(c -> c == 0);
    reservations = java.util.Collections.unmodifiableMap(nonZero);
    lanes.forEach((tenant, lane) -> {
      TenantNames.check("lane tenant", tenant);
      java.util.Objects.requireNonNull(lane, "lane of '" + tenant + "'");
    });
    lanes = java.util.Collections.unmodifiableMap(new TreeMap<>(lanes));
  }

  /** Shares and reservations, no lanes. */
  public Allocation(Map<String, Double> shares, Map<String, Integer> reservations, double defaultShare) {
    this(shares, reservations, defaultShare, Map.of());
  }

  public static Allocation equalShares() {
    return new Allocation(Map.of(), Map.of(), DEFAULT_SHARE);
  }

  /**
   * {@code tenant}'s weight: its own, else {@code defaultShare}. {@link TenantNames#BEST_EFFORT},
   * unless named, weighs {@link #BEST_EFFORT_FRACTION} of the lightest other weight: it is served
   * with what the others leave, and never starves outright.
   */
  public double share(String tenant) {
    Double own = shares.get(tenant);
    if (own != null) {
      return own;
    }
    if (TenantNames.BEST_EFFORT.equals(tenant)) {
      double lightest = defaultShare;
      for (double s : shares.values()) {
        lightest = Math.min(lightest, s);
      }
      return Math.max(Double.MIN_NORMAL, lightest * BEST_EFFORT_FRACTION);
    }
    return defaultShare;
  }

  public int reservation(String tenant) {
    return reservations.getOrDefault(tenant, 0);
  }

  /** The reserved slots together; saturates at Integer.MAX_VALUE rather than wrap negative. */
  public int totalReserved() {
    long sum = reservations.values().stream().mapToLong(Integer::longValue).sum();
    return (int) Math.min(Integer.MAX_VALUE, sum);
  }

  /** Most of {@code slots} that reservations may take together: all but the last shared one. */
  public static int maxReservable(int slots) {
    return Math.max(0, slots - 1);
  }

  /** Whether these reservations leave {@code slots} its last shared slot. */
  public boolean fits(int slots) {
    return totalReserved() <= maxReservable(slots);
  }

  /**
   * Throws unless {@link #fits}({@code slots}).
   *
   * @param slotsKey what sets the slot count (a configuration key, or a description such as "the
   *     soft limit"), named in the message as what would have to grow
   * @throws IllegalArgumentException naming {@code slotsKey}, the reservations and the numbers
   */
  public void checkFits(int slots, String slotsKey) {
    if (!fits(slots)) {
      int total = totalReserved();
      throw new IllegalArgumentException(
          "reservations "
              + reservations
              + " total "
              + total
              + " but at most "
              + maxReservable(slots)
              + " of "
              + slots
              + " slots may be reserved (the last shared slot never is): "
              + slotsKey
              + " must be >= "
              + ((long) total + 1)
              + " to fit them");
    }
  }

  /**
   * What the shares mean: each of {@code tenants}' fraction of the shared slots' service were they
   * all backlogged (share over the sum of their shares). Weights of 0.9 and 0.1 beside a busy
   * {@code default} at 1.0 give 0.45, 0.05 and 0.5.
   */
  public Map<String, Double> fractions(java.util.Collection<String> tenants) {
    double sum = 0.0;
    for (String t : tenants) {
      sum += share(t);
    }
    Map<String, Double> out = new TreeMap<>();
    for (String t : tenants) {
      out.put(t, share(t) / sum);
    }
    return out;
  }

  /**
   * {@code tenant}'s fraction when every named tenant and the unnamed ones (as one {@code
   * default}) are backlogged: how the second level reads a share.
   */
  public double fractionOfAll(String tenant) {
    java.util.Set<String> all = new java.util.TreeSet<>(shares.keySet());
    all.add(tenant);
    all.add(TenantNames.DEFAULT);
    return fractions(all).get(tenant);
  }

  /**
   * These shares with reservations cut down to fit {@code slots}, the way a scheduler clips them
   * when its slot count shrinks: tenants in name order keep theirs first.
   */
  public Allocation clippedTo(int slots) {
    if (fits(slots)) {
      return this;
    }
    int left = maxReservable(slots);
    Map<String, Integer> kept = new TreeMap<>();
    for (Map.Entry<String, Integer> e : reservations.entrySet()) {
      int r = Math.min(e.getValue(), left);
      kept.put(e.getKey(), r);
      left -= r;
    }
    return new Allocation(shares, kept, defaultShare, lanes);
  }

  public Allocation withShare(String tenant, double share) {
    Map<String, Double> s = new TreeMap<>(shares);
    s.put(tenant, share);
    return new Allocation(s, reservations, defaultShare, lanes);
  }

  public Allocation withReservation(String tenant, int count) {
    Map<String, Integer> r = new TreeMap<>(reservations);
    r.put(tenant, count);
    return new Allocation(shares, r, defaultShare, lanes);
  }

  /** These shares and reservations with {@code next} as the lanes (empty: none). */
  public Allocation withLanes(Map<String, Lane> next) {
    return new Allocation(shares, reservations, defaultShare, next);
  }

  private static void checkShare(String field, double v) {
    if (!(v > 0.0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException(field + " must be a positive finite number, got " + v);
    }
  }
}
