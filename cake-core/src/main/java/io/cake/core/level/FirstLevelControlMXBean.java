package io.cake.core.level;

/**
 * What every first-level scheduler shows and accepts over JMX, registered as {@code
 * io.cake:type=Scheduler,kind=<hbase|hdfs>,scheduler=<name>}; each kind's own MXBean extends this
 * with its own attributes. Shares and reservations read and write as text, {@code
 * tenant=value,...} (empty for none), so what a getter shows can be edited and written back from
 * jconsole or jmxterm. Invalid writes throw IllegalArgumentException naming the problem and change
 * nothing.
 *
 * <p>Shares are weights: a tenant's fraction of the shared slots is its share over the sum of the
 * shares of the tenants with work waiting, unnamed tenants counting {@link #getDefaultShare()}
 * each. {@link #getShareFractions()} states that fraction for the tenants seen in the last
 * interval.
 */
public interface FirstLevelControlMXBean {
  String getName();

  /** The Cake version this scheduler runs ({@link CakeVersion}). */
  String getVersion();

  String getKind();

  boolean isEnabled();

  /** The kill switch: false sends requests opened from now on the stock way. */
  void setEnabled(boolean enabled);

  /** {@code tenant=weight,...}. */
  String getShares();

  /** {@code tenant=slots,...}: slots that serve only that tenant. */
  String getReservations();

  double getDefaultShare();

  /**
   * Each tenant's fraction of the shared slots were every tenant with work in the last interval
   * (and every tenant with a share or reservation) backlogged: {@code tenant=0.45,...}.
   */
  String getShareFractions();

  /**
   * {@code tenant=rank:slots,...}: priority lanes (beyond Cake). While a tenant has fewer than
   * {@code slots} of its requests in service through its lane, a shared slot that frees serves it
   * before anyone picked by share; rank 1 goes first. Lanes never take the last shared slot.
   */
  String getLanes();

  /** Replaces the lanes (empty: none), leaving shares and reservations as they are. */
  void setLanes(String lanes);

  /** Replaces shares, reservations and the default share in one atomic step; lanes stay. */
  void setAllocation(String shares, String reservations, double defaultShare);

  /** Replaces shares, reservations, the default share and the lanes in one atomic step. */
  void setAllocation(String shares, String reservations, double defaultShare, String lanes);

  /** Sets one tenant's share, leaving everything else as it is at that moment. */
  void setShare(String tenant, double share);

  /** Sets one tenant's reservation (0 removes it), leaving everything else as it is. */
  void setReservation(String tenant, int slots);

  /** Handler threads (HBase) or the soft limit on concurrent disk reads (HDFS). */
  int getSlots();

  /** Requests waiting in Cake's queues now. */
  int getQueued();

  /** Tenants with their own queue and metrics, {@code default} included. */
  int getTenantCount();

  /** The cap on that number ({@code cake.hbase.max-tenants}, {@code cake.hdfs.max-tenants}). */
  int getMaxTenants();

  /** Requests served as {@code default} because their tenant was new beyond the cap. */
  long getTenantsFolded();

  /** Tenants forgotten (queue, metrics, MBeans dropped) after a long idle spell, since start. */
  long getTenantsForgotten();
}
