package io.cake.cli.doctor;

import java.util.List;

/**
 * What {@code cake doctor} read of one server's JVM beyond {@code cake status}: its Cake version
 * ({@code io.cake:type=Version}, null if none), its JVM arguments (for remote JMX), how far its
 * clock is from this host's (with the bound the round trip puts on that), for a DataNode the
 * block files it handed out for short-circuit reads, and for a RegionServer the DataNode its
 * controller steers ({@code io.cake:type=Controller}'s {@code DataNodeUrl}, empty: one in its own
 * JVM, and {@code DataNodeScheduler}, empty: the only one there; null from a controller too old
 * to say, or none). {@code error} says why it could not be read.
 */
public record JvmProbe(
    String url,
    String error,
    String version,
    List<String> arguments,
    Long skewMillis,
    Long skewBoundMillis,
    Long shortCircuitOpens,
    String steersUrl,
    String steersScheduler) {

  public static JvmProbe unreadable(String url, String error) {
    return new JvmProbe(url, error, null, List.of(), null, null, null, null, null);
  }

  /**
   * The remote clock's offset from ours: its {@code now} read between our {@code before} and
   * {@code after}, so it is compared with their midpoint, give or take half the round trip.
   */
  public static long skew(long remoteNowMillis, long beforeMillis, long afterMillis) {
    return remoteNowMillis - (beforeMillis + afterMillis) / 2;
  }
}
