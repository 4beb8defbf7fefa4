package io.cake.core.sched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.cake.core.time.ManualClock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A seeded random driver of {@link FairQueueScheduler}: offers, polls, completions, drops, clock
 * steps and every kind of reconfiguration (shares, reservations, rate limits, in-service caps,
 * slot count, capacities, forgetting), in random order. Single-threaded and deterministic per seed
 * (a failure names its seed). Invariants: every accepted item is served exactly once, never one
 * that was not offered; a reserved slot serves only its tenant; and at the end, with every tenant
 * capped to one in service, everything queued still drains, which fails if an in-service count or
 * a slot leaked.
 */
class FairQueueSchedulerInvariantTest {
  private static final int SEEDS = 300;
  private static final int STEPS = 1_500;
  private static final int MAX_SLOTS = 6;
  private static final List<String> TENANTS = List.of("a", "b", "c", "d", "best-effort");

  @Test
  void everyAcceptedItemIsServedExactlyOnceAndNothingLeaks() {
    for (int seed = 0; seed < SEEDS; seed++) {
      try {
        run(new Random(seed));
      } catch (AssertionError | RuntimeException e) {
        throw new AssertionError("seed " + seed + ": " + e.getMessage(), e);
      }
    }
  }

  private static void run(Random r) {
    ManualClock clock = new ManualClock();
    FairQueueScheduler<Integer> s = new FairQueueScheduler<>("inv", clock, 4, 50, 200);
    Map<Integer, String> queued = new HashMap<>(); // accepted, not yet served: item -> tenant
    Set<Integer> served = new HashSet<>();
    Map<Integer, Ticket<Integer>> holding = new HashMap<>(); // slot -> ticket in service
    int next = 0;
    for (int step = 0; step < STEPS; step++) {
      int op = r.nextInt(100);
      if (op < 35) {
        String t = TENANTS.get(r.nextInt(TENANTS.size()));
        int item = next++;
        long patience = r.nextInt(4) == 0 ? r.nextInt(50_000_000) : Long.MAX_VALUE;
        if (s.offer(t, item, 1 + r.nextInt(1_000), patience)) {
          queued.put(item, t);
        }
      } else if (op < 65) {
        int slot = r.nextInt(s.slotCount());
        if (!holding.containsKey(slot)) {
          Ticket<Integer> k = s.poll(slot);
          if (k != null) {
            accept(s, slot, k, queued, served);
            holding.put(slot, k);
          }
        }
      } else if (op < 85) {
        if (!holding.isEmpty()) {
          List<Integer> slots = new ArrayList<>(holding.keySet());
          Ticket<Integer> k = holding.remove(slots.get(r.nextInt(slots.size())));
          if (r.nextInt(10) == 0) {
            s.drop(k);
          } else {
            s.complete(k, r.nextInt(2_000));
          }
        }
      } else if (op < 90) {
        clock.advanceNanos(r.nextInt(50_000_000));
      } else {
        reconfigure(s, r, holding);
      }
    }
    // The end: everything in service completes; no limits, no reservations, every slot; and every
    // tenant capped to one in service, so a leaked in-service count would stall its tenant.
    holding.values().forEach(s::complete);
    holding.clear();
    s.setLimits(RateLimits.none());
    s.setAllocation(Allocation.equalShares());
    s.setSlotCount(MAX_SLOTS);
    s.setInServiceCaps(new InServiceCaps(Map.of(), 1));
    while (s.queued() > 0) {
      Ticket<Integer> k = s.poll(0);
      if (k == null) {
        fail("%d queued but slot 0, free, got nothing: a leaked in-service count or slot", s.queued());
      }
      accept(s, 0, k, queued, served);
      s.complete(k);
    }
    assertThat(queued).as("accepted items never served").isEmpty();
    assertThat(s.drain()).isEmpty();
  }

  private static void accept(FairQueueScheduler<Integer> s, int slot, Ticket<Integer> k,
      Map<Integer, String> queued, Set<Integer> served) {
    String tenant = queued.remove(k.item());
    assertThat(tenant).as("item %d served twice or never offered", k.item()).isNotNull();
    assertThat(served.add(k.item())).isTrue();
    assertThat(k.tenant()).isEqualTo(tenant);
    String reserved = s.reservedTenant(slot);
    if (reserved != null) {
      assertThat(k.tenant()).as("slot %d is reserved", slot).isEqualTo(reserved);
    }
  }

  private static void reconfigure(FairQueueScheduler<Integer> s, Random r, Map<Integer, Ticket<Integer>> holding) {
    switch (r.nextInt(7)) {
      case 0 -> {
        Allocation a = Allocation.equalShares();
        for (String t : TENANTS) {
          if (r.nextBoolean()) {
            a = a.withShare(t, 0.1 + r.nextInt(9));
          }
        }
        String t = TENANTS.get(r.nextInt(TENANTS.size()));
        a = a.withReservation(t, r.nextInt(3));
        try {
          s.setAllocation(a);
        } catch (IllegalArgumentException refused) {
          // reservations that would take the last shared slot: refused, nothing changed
        }
      }
      case 1 -> {
        Map<String, Double> limits = new HashMap<>();
        for (String t : TENANTS) {
          if (r.nextInt(3) == 0) {
            limits.put(t, (double) r.nextInt(100_000));
          }
        }
        s.setLimits(new RateLimits(limits, r.nextInt(4) == 0 ? r.nextInt(50_000) : 0, RateLimits.DEFAULT_BURST_SECONDS));
      }
      case 2 -> {
        InServiceCaps caps = InServiceCaps.none();
        for (String t : TENANTS) {
          if (r.nextInt(3) == 0) {
            caps = caps.with(t, r.nextInt(3));
          }
        }
        s.setInServiceCaps(caps);
      }
      case 3 -> {
        // Slots above the new count keep what they hold until it completes, as a retiring handler does.
        s.setSlotCount(1 + r.nextInt(MAX_SLOTS));
      }
      case 4 -> s.setCapacities(1 + r.nextInt(60), 1 + r.nextInt(250));
      case 5 -> s.setTenantCapacity(TENANTS.get(r.nextInt(TENANTS.size())), r.nextInt(5));
      default -> s.forgetTenants(t -> r.nextBoolean());
    }
  }
}
