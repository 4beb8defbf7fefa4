package io.cake.core.level;

import io.cake.core.sched.Allocation;
import io.cake.core.tenant.TenantNames;
import java.util.Set;
import java.util.TreeSet;

/** The common half of every control MBean: a thin adapter, validation is the level's. */
public class FirstLevelControl implements FirstLevelControlMXBean {
  private final FirstLevel level;

  public FirstLevelControl(FirstLevel level) {
    this.level = level;
  }

  @Override public String getName() { return level.name(); }
  @Override public String getVersion() { return CakeVersion.current(); }
  @Override public String getKind() { return level.kind(); }
  @Override public boolean isEnabled() { return level.enabled(); }
  @Override public void setEnabled(boolean enabled) { level.setEnabled(enabled); }
  @Override public String getShares() { return AllocationText.format(level.allocation().shares()); }
  @Override public String getReservations() { return AllocationText.format(level.allocation().reservations()); }
  @Override public double getDefaultShare() { return level.allocation().defaultShare(); }
  @Override public int getSlots() { return level.slots(); }
  @Override public int getQueued() { return level.queues().queued(); }
  @Override public int getTenantCount() { return level.tenants().size(); }
  @Override public int getMaxTenants() { return level.tenants().max(); }
  @Override public long getTenantsFolded() { return level.tenants().folded(); }
  @Override public long getTenantsForgotten() { return level.tenants().forgotten(); }

  @Override
  public String getShareFractions() {
    Allocation a = level.allocation();
    Set<String> tenants = new TreeSet<>(level.queues().lastSnapshot().tenants().keySet());
    tenants.addAll(a.shares().keySet());
    tenants.addAll(a.reservations().keySet());
    return AllocationText.formatFractions(a.fractions(tenants));
  }

  @Override public String getLanes() { return AllocationText.format(level.allocation().lanes()); }

  @Override
  public void setLanes(String lanes) {
    var next = AllocationText.parseLanes(lanes);
    level.updateAllocation(a -> a.withLanes(next));
  }

  @Override
  public void setAllocation(String shares, String reservations, double defaultShare) {
    var s = AllocationText.parseShares(shares);
    var r = AllocationText.parseReservations(reservations);
    level.updateAllocation(a -> new Allocation(s, r, defaultShare, a.lanes()));
  }

  @Override
  public void setAllocation(String shares, String reservations, double defaultShare, String lanes) {
    level.setAllocation(new Allocation(
        AllocationText.parseShares(shares),
        AllocationText.parseReservations(reservations),
        defaultShare,
        AllocationText.parseLanes(lanes)));
  }

  @Override
  public void setShare(String tenant, double share) {
    String t = TenantNames.check("tenant", tenant);
    level.updateAllocation(a -> a.withShare(t, share));
  }

  @Override
  public void setReservation(String tenant, int slots) {
    String t = TenantNames.check("tenant", tenant);
    level.updateAllocation(a -> a.withReservation(t, slots));
  }
}
