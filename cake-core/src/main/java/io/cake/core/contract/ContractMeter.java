package io.cake.core.contract;

import io.cake.core.tenant.TenantNames;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * Tells, call by call, whether a tenant is within its {@link Contract}: a call that fits every one
 * of the tenant's token buckets is in contract and takes a token from each; one that does not is
 * over it, takes nothing, and its caller serves it best effort ({@link TenantNames#BEST_EFFORT})
 * instead of rejecting it (Cake section 3). Tenants without a contract are always in contract.
 *
 * <p>Each bucket is kept as the generic cell rate algorithm keeps it ({@link Gcra}): one number,
 * the theoretical arrival time of the next call.
 *
 * <p>Not the schedulers' {@code TokenBucket} (io.cake.core.sched): that one limits service,
 * charged after the fact and allowed into debt, under its scheduler's lock; a contract decides
 * each call up front, by count, on the RPC reader's thread.
 *
 * <p>Time is passed in (as in dmclock): no clock, no threads. Thread-safe without a lock: a
 * tenant's bucket state is one small array replaced by compare-and-set, so an RPC reader thread
 * never waits for another; calls of different tenants do not touch the same state.
 */
public final class ContractMeter {
  private volatile Map<String, Meter> meters = Map.of();
  /** Counters survive contract changes, so they only grow (for Prometheus' rate()). */
  private final Map<String, Counts> counts = new ConcurrentHashMap<>();

  /** Calls in and over contract, of one tenant, since the meter began. */
  public record Totals(long inContract, long overContract) {}

  private static final class Counts {
    final LongAdder in = new LongAdder();
    final LongAdder over = new LongAdder();
  }

  private static final class Meter {
    final Contract contract;
    final Gcra gcra;
    /** The theoretical arrival times, replaced whole by compare-and-set: no lock. */
    final AtomicReference<long[]> tat;
    final Counts counts;

    Meter(Contract contract, long nowNanos, Counts counts) {
      this.contract = contract;
      this.gcra = new Gcra(contract);
      this.tat = new AtomicReference<>(gcra.full(nowNanos)); // full: the first burst calls go in at once
      this.counts = counts;
    }

    boolean admit(long nowNanos) {
      while (true) {
        long[] cur = tat.get();
        if (!gcra.conforms(cur, nowNanos)) {
          return false;
        }
        if (tat.compareAndSet(cur, gcra.next(cur, nowNanos))) {
          return true;
        }
        // Another call of this tenant took a token meanwhile: look again.
      }
    }
  }

  /**
   * Installs {@code contracts} (tenant to contract). A tenant whose contract is the same as before
   * keeps its buckets' state; a new or changed contract starts with full buckets.
   */
  public synchronized void setContracts(Map<String, Contract> contracts, long nowNanos) {
    Map<String, Meter> next = new TreeMap<>();
    contracts.forEach((tenant, contract) -> {
      checkTenant(tenant);
      Meter was = meters.get(tenant);
      next.put(tenant, was != null && was.contract.equals(contract)
          ? was : new Meter(contract, nowNanos, counts.computeIfAbsent(tenant, t -> new Counts())));
    });
    meters = java.util.Collections.unmodifiableMap(next); // a TreeMap: same order in every JVM
  }

  /**
   * Sets {@code tenant}'s contract from {@code text} ({@code RATE:BURST[,RATE:BURST...]}), or
   * removes it ({@code text} null or blank); the other tenants' contracts and buckets stay.
   * Refused, changing nothing, with a message naming what is wrong. Returns the contracts now.
   */
  public synchronized Map<String, Contract> setContract(String tenant, String text, long nowNanos) {
    checkTenant(tenant);
    Map<String, Contract> next = contracts();
    if (text == null || text.isBlank()) {
      next.remove(tenant);
    } else {
      next.put(tenant, Contract.parse("contract of '" + tenant + "'", text));
    }
    setContracts(next, nowNanos);
    return next;
  }

  private static void checkTenant(String tenant) {
    TenantNames.check("contract tenant", tenant);
    if (TenantNames.BEST_EFFORT.equals(tenant)) {
      throw new IllegalArgumentException("tenant '" + TenantNames.BEST_EFFORT
          + "' is where calls over their contract go; it cannot have a contract itself");
    }
  }

  /** The contracts in force, by tenant. */
  public Map<String, Contract> contracts() {
    Map<String, Contract> out = new TreeMap<>();
    meters.forEach((t, m) -> out.put(t, m.contract));
    return out;
  }

  /** Whether {@code tenant}'s call arriving at {@code nowNanos} is within its contract. */
  public boolean admit(String tenant, long nowNanos) {
    return serveAs(tenant, () -> nowNanos).equals(tenant);
  }

  /** The tenant a call of {@code tenant} arriving at {@code nowNanos} is served as. */
  public String serveAs(String tenant, long nowNanos) {
    return serveAs(tenant, () -> nowNanos);
  }

  /**
   * As {@link #serveAs(String, long)}, reading {@code now} only if {@code tenant} has a contract:
   * on a dispatch path where most tenants have none, no clock read for them.
   */
  public String serveAs(String tenant, java.util.function.LongSupplier now) {
    Meter m = meters.get(tenant);
    if (m == null) {
      return tenant;
    }
    boolean in = m.admit(now.getAsLong());
    (in ? m.counts.in : m.counts.over).increment();
    return in ? tenant : TenantNames.BEST_EFFORT;
  }

  /** Per tenant that ever had a contract, its calls in and over contract. */
  public Map<String, Totals> totals() {
    Map<String, Totals> out = new TreeMap<>();
    counts.forEach((t, c) -> out.put(t, new Totals(c.in.sum(), c.over.sum())));
    return out;
  }
}
