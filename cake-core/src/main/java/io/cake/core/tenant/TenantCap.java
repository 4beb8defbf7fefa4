package io.cake.core.tenant;

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
 * Thread-safe; the fast path (a known name) takes no lock.
 */
public final class TenantCap {
  private static final Logger LOG = LoggerFactory.getLogger(TenantCap.class);

  private final Set<String> names = ConcurrentHashMap.newKeySet();
  private final LongAdder folded = new LongAdder();
  private final AtomicBoolean loggedFold = new AtomicBoolean();
  private final String key;
  private volatile int max;

  /** @param key the configuration key of the cap, named in the log line when it is reached */
  public TenantCap(int max, String key) {
    this.key = Objects.requireNonNull(key);
    setMax(max);
    names.add(TenantNames.DEFAULT);
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
    if (names.contains(tenant)) {
      return tenant;
    }
    synchronized (names) {
      if (names.size() < max) {
        names.add(tenant);
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

  /** Admits {@code tenant} whatever the cap. */
  public void pin(String tenant) {
    names.add(TenantNames.check("tenant", tenant));
  }

  public boolean contains(String tenant) {
    return names.contains(tenant);
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
