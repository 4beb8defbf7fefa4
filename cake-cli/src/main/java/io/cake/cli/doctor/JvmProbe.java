package io.cake.cli.doctor;

import java.util.List;

/**
 * What {@code cake doctor} read of one server's JVM beyond {@code cake status}: its Cake version
 * ({@code io.cake:type=Version}, null if none), its JVM arguments (for remote JMX), how far its
 * clock is from this host's (with the bound the round trip puts on that), and for a DataNode the
 * block files it handed out for short-circuit reads. {@code error} says why it could not be read.
 */
public record JvmProbe(
    String url,
    String error,
    String version,
    List<String> arguments,
    Long skewMillis,
    Long skewBoundMillis,
    Long shortCircuitOpens) {

  public static JvmProbe unreadable(String url, String error) {
    return new JvmProbe(url, error, null, List.of(), null, null, null);
  }

  /**
   * The remote clock's offset from ours: its {@code now} read between our {@code before} and
   * {@code after}, so it is compared with their midpoint, give or take half the round trip.
   */
  public static long skew(long remoteNowMillis, long beforeMillis, long afterMillis) {
    return remoteNowMillis - (beforeMillis + afterMillis) / 2;
  }
}
