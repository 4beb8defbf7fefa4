package io.cake.core.tenant;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tenants a first-level scheduler keeps state for. Tenant names come from clients (request
 * attributes, DFS client names) and each admitted tenant costs a queue, histograms and MBeans kept
 * for the life of the server, so the number is capped: a new name beyond the cap is served as
 * {@link TenantNames#DEFAULT} (counted, logged once). Pinned tenants (the configuration's, the
 * controller's) always enter and never count as folded, so junk names cannot crowd them out.
 *
 * <p>A tenant that sends nothing for {@link #IDLE_INTERVALS} metrics intervals is forgotten
 * ({@link #endInterval}), so its place goes to the next new name: a burst of junk names, or the
 * tenants of jobs long finished, fill the cap only for a while. Pinned tenants are never forgotten.
 * Thread-safe; the fast path (a known name) takes no lock and writes only when a new interval
 * began since the tenant's last call.
 */
public final class TenantCap {
  private static final Logger LOG = LoggerFactory.getLogger(TenantCap.class);

  /** Intervals without a call after which an unpinned tenant is forgotten (5 min at 10 s). */
  public static final int IDLE_INTERVALS = 30;

  /** The last interval in which each admitted tenant was seen. */
  private static final class Seen {
    volatile long interval;

    Seen(long interval) {
      this.interval = interval;
    }
  }

  private final Map<String, Seen> names = new ConcurrentHashMap<>();
  private final Set<String> pinned = ConcurrentHashMap.newKeySet();
  private volatile long interval;
  private long forgotten;
  private final LongAdder folded = new LongAdder();
  private final AtomicBoolean loggedFold = new AtomicBoolean();
  private final String key;
  private volatile int max;

  /** @param key the configuration key of the cap, named in the log line when it is reached */
  public TenantCap(int max, String key) {
    this.key = Objects.requireNonNull(key);
    setMax(max);
    pin(TenantNames.DEFAULT);
  }

  /** Changes the cap; tenants already admitted stay. */
  public void setMax(int max) {
    if (max < 1) {
      throw new IllegalArgumentException(key + " must be >= 1, got " + max);
    }
    this.max = max;
  }

  public int max() {
    return max;
  }

  /** {@code tenant} if it is known or the cap has room, else {@link TenantNames#DEFAULT}. */
  public String admit(String tenant) {
    Seen seen = names.get(tenant);
    if (seen != null) {
      long now = interval;
      if (seen.interval != now) {
        seen.interval = now;
      }
      return tenant;
    }
    synchronized (names) {
      if (names.containsKey(tenant)) {
        return tenant;
      }
      if (names.size() < max) {
        names.put(tenant, new Seen(interval));
        return tenant;
      }
    }
    folded.increment();
    if (loggedFold.compareAndSet(false, true)) {
      LOG.warn(
          "Cake: tenant cap of {} reached ({}); tenant {} and further new ones are served as '{}'",
          max, key, tenant, TenantNames.DEFAULT);
    }
    return TenantNames.DEFAULT;
  }

  /** Admits {@code tenant} whatever the cap, for good. */
  public void pin(String tenant) {
    TenantNames.check("tenant", tenant);
    synchronized (names) {
      pinned.add(tenant);
      names.putIfAbsent(tenant, new Seen(interval));
    }
  }

  public boolean contains(String tenant) {
    return names.containsKey(tenant);
  }

  /**
   * Ends a metrics interval: forgets the unpinned tenants without a call for {@link
   * #IDLE_INTERVALS} intervals and returns them. The owner (the metrics timer) then drops their
   * queues and metrics.
   */
  public List<String> endInterval() {
    List<String> idle = new ArrayList<>();
    synchronized (names) {
      long now = ++interval;
      names.entrySet().removeIf(e -> {
        boolean forget = !pinned.contains(e.getKey()) && now - e.getValue().interval >= IDLE_INTERVALS;
        if (forget) {
          idle.add(e.getKey());
        }
        return forget;
      });
      forgotten += idle.size();
    }
    return idle;
  }

  /** Tenants forgotten as idle since start. */
  public long forgotten() {
    synchronized (names) {
      return forgotten;
    }
  }

  /** Tenants admitted, {@code default} included. */
  public int size() {
    return names.size();
  }

  /** Calls or reads served as {@code default} because the cap was reached. */
  public long folded() {
    return folded.sum();
  }
}
