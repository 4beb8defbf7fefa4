package io.cake.director.master;

/**
 * {@code io.cake:type=Director} on the active HMaster, while the director runs: what it saw and did,
 * for {@code cake status} and the HMaster's {@code /jmx} page. Read-only.
 */
public interface DirectorStatusMXBean {
  long getIntervalMillis();

  /** Steps taken since the director started. */
  long getSteps();

  /** When the last step ended (ISO-8601), empty before the first. */
  String getLastStep();

  /** One line per RegionServer observed in the last step: its load, learned capacity and verdict. */
  String[] getServers();

  /** Why the cluster needs another RegionServer, as of the last step; empty when it does not. */
  String getNeed();

  /** The server being emptied to be stopped, as of the last step; empty when none. */
  String getDraining();

  /** The last actions (moves, failed moves, requests for a server), oldest first, each with its time and reason. */
  String[] getRecentActions();
}
