package io.cake.hbase.it;

import io.cake.core.tenant.CurrentTenant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.coprocessor.ObserverContext;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessor;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessorEnvironment;
import org.apache.hadoop.hbase.coprocessor.RegionObserver;

/**
 * Records, inside the region, which thread served each get and the tenant it saw in CurrentTenant;
 * can also hold one tenant's gets in the region until a latch opens, to keep handlers busy on purpose.
 */
public class TenantRecordingObserver implements RegionCoprocessor, RegionObserver {
  public record Seen(String thread, String tenant) {}

  public static final List<Seen> SEEN = new CopyOnWriteArrayList<>();

  /** Gets of this tenant wait for {@link #release} (bounded at 60 s so a failed test cannot hang the server). */
  public static volatile String holdTenant;
  public static volatile CountDownLatch release = new CountDownLatch(0);

  @Override
  public Optional<RegionObserver> getRegionObserver() {
    return Optional.of(this);
  }

  @Override
  public void preGetOp(ObserverContext<RegionCoprocessorEnvironment> c, Get get, List<Cell> result) {
    String tenant = CurrentTenant.get();
    SEEN.add(new Seen(Thread.currentThread().getName(), tenant));
    if (tenant != null && tenant.equals(holdTenant)) {
      try {
        release.await(60, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
