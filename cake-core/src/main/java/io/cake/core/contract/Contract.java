package io.cake.core.contract;

import io.cake.core.tenant.ThroughputContract;
import java.util.ArrayList;
import java.util.List;

/**
 * What a tenant promised to send: one or more token buckets, each a rate in calls per second and a
 * burst in calls, that every call must fit (PriorityMeister's several (rate, burst) pairs per
 * workload: a long-run rate with a large burst, a peak rate with a small one). Cake section 3:
 * load within the contract is served under the tenant's allocation, load above it best effort.
 *
 * <p>Written in configuration as {@code RATE:BURST[,RATE:BURST...]}, e.g. {@code 200:50} or
 * {@code 200:400,1000:20}.
 */
public record Contract(List<ThroughputContract> buckets) {
  public Contract {
    if (buckets == null || buckets.isEmpty()) {
      throw new IllegalArgumentException("a contract needs at least one rate:burst bucket");
    }
    buckets = List.copyOf(buckets);
  }

  public static Contract of(double ratePerSecond, long burst) {
    return new Contract(List.of(new ThroughputContract(ratePerSecond, burst)));
  }

  /**
   * Parses {@code RATE:BURST[,RATE:BURST...]}.
   *
   * @param key the configuration key, named in every error
   * @throws IllegalArgumentException naming {@code key} and quoting the bad part
   */
  public static Contract parse(String key, String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException(key + " must be RATE:BURST[,RATE:BURST...] (calls per second,"
          + " calls), got '" + (text == null ? "" : text) + "'");
    }
    List<ThroughputContract> buckets = new ArrayList<>();
    for (String part : text.split(",", -1)) {
      String p = part.trim();
      int colon = p.indexOf(':');
      if (colon <= 0 || colon == p.length() - 1 || p.indexOf(':', colon + 1) >= 0) {
        throw new IllegalArgumentException(key + " must be RATE:BURST[,RATE:BURST...] (calls per second,"
            + " calls), got '" + p + "' in '" + text.trim() + "'");
      }
      double rate;
      long burst;
      try {
        rate = Double.parseDouble(p.substring(0, colon).trim());
        burst = Long.parseLong(p.substring(colon + 1).trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(key + ": '" + p + "' is not RATE:BURST with a number and"
            + " a whole number of calls");
      }
      try {
        buckets.add(new ThroughputContract(rate, burst));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(key + ": '" + p + "': " + e.getMessage());
      }
    }
    return new Contract(buckets);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    for (ThroughputContract b : buckets) {
      if (sb.length() > 0) {
        sb.append(',');
      }
      double r = b.ratePerSecond();
      sb.append(r == Math.rint(r) ? Long.toString((long) r) : Double.toString(r)).append(':').append(b.burst());
    }
    return sb.toString();
  }
}
