package io.cake.hbase.it;

import io.cake.core.tenant.CurrentTenant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.coprocessor.ObserverContext;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessor;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessorEnvironment;
import org.apache.hadoop.hbase.coprocessor.RegionObserver;

/** Records, inside the region, which thread served each get and the tenant it saw in CurrentTenant. */
public class TenantRecordingObserver implements RegionCoprocessor, RegionObserver {
  public record Seen(String thread, String tenant) {}

  public static final List<Seen> SEEN = new CopyOnWriteArrayList<>();

  @Override
  public Optional<RegionObserver> getRegionObserver() {
    return Optional.of(this);
  }

  @Override
  public void preGetOp(ObserverContext<RegionCoprocessorEnvironment> c, Get get, List<Cell> result) {
    SEEN.add(new Seen(Thread.currentThread().getName(), CurrentTenant.get()));
  }
}
