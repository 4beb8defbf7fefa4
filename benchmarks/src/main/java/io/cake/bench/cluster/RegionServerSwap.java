package io.cake.bench.cluster;

import io.cake.bench.ycsb.Workloads;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.MiniHBaseCluster;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.util.JVMClusterUtil;

/**
 * The embedded cluster's RegionServer configuration overlay: a new overlay gets a fresh
 * RegionServer, every region moved to it, and the old one stopped.
 */
final class RegionServerSwap {
  // The cluster's logger, so that the swap's log line reads as it always has.
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(EmbeddedCluster.class);

  private final EmbeddedCluster cluster;
  private final Admin admin;
  /** The table's regions, all of which the fresh RegionServer must hold. */
  private final int tableRegions;
  /** Original values (null: unset) of the keys the current overlay changed in the cluster conf. */
  private final Map<String, String> saved = new HashMap<>();
  private Map<String, String> currentOverlay = null;

  RegionServerSwap(EmbeddedCluster cluster, Admin admin, int tableRegions) {
    this.cluster = cluster;
    this.admin = admin;
    this.tableRegions = tableRegions;
  }

  /** Whether the running RegionServer was started with {@code overlay}. */
  boolean runs(Map<String, String> overlay) {
    return overlay.equals(currentOverlay);
  }

  /** Starts a RegionServer with {@code overlay}, moves every region to it, stops the old one. */
  void swapTo(Map<String, String> overlay) throws Exception {
    MiniHBaseCluster mini = cluster.mini();
    Configuration c = mini.getConfiguration();
    saved.forEach((k, v) -> {
      if (v == null) {
        c.unset(k);
      } else {
        c.set(k, v);
      }
    });
    saved.clear();
    for (Map.Entry<String, String> e : overlay.entrySet()) {
      saved.put(e.getKey(), c.get(e.getKey()));
      c.set(e.getKey(), e.getValue());
    }
    ServerName old = cluster.regionServer().getServerName();
    long t0 = System.nanoTime();
    JVMClusterUtil.RegionServerThread fresh = mini.startRegionServer();
    HRegionServer rs = fresh.getRegionServer();
    Deadline.await("new RegionServer online", Duration.ofMinutes(2), rs::isOnline);
    ServerName to = rs.getServerName();
    // The master picks a move's target only among servers that have sent a load report.
    Deadline.await("the master to see " + to, Duration.ofMinutes(2),
        () -> mini.getMaster().getServerManager().getLoad(to) != null);
    long t1 = System.nanoTime();
    // A move the master cannot do yet is dropped with a log line, not an error: re-issue until done.
    long[] lastMove = {0};
    Deadline.await("regions moved to " + to, Duration.ofMinutes(3), () -> {
      if (onlyOn(old, to)) {
        return true;
      }
      if (System.nanoTime() - lastMove[0] > 1_000_000_000L) {
        lastMove[0] = System.nanoTime();
        moveAll(old, to);
      }
      return false;
    }, () -> where(old, to));
    long t2 = System.nanoTime();
    List<JVMClusterUtil.RegionServerThread> threads = mini.getRegionServerThreads();
    for (int i = 0; i < threads.size(); i++) {
      if (threads.get(i).getRegionServer().getServerName().equals(old)) {
        mini.stopRegionServer(i);
        mini.waitOnRegionServer(i);
        break;
      }
    }
    Deadline.await("old RegionServer gone", Duration.ofMinutes(2),
        () -> mini.getLiveRegionServerThreads().size() == 1);
    currentOverlay = new TreeMap<>(overlay);
    LOG.info("RegionServer swapped to {} with {}: start {} ms, moves {} ms, stop {} ms", to, overlay,
        (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (System.nanoTime() - t2) / 1_000_000);
  }

  /** Moves every region of {@code old} to {@code to}, hbase:meta first, in parallel. */
  private void moveAll(ServerName old, ServerName to) {
    try {
      List<RegionInfo> regions = new ArrayList<>(admin.getRegions(old));
      RegionInfo meta = regions.stream().filter(RegionInfo::isMetaRegion).findFirst().orElse(null);
      if (meta != null) {
        admin.move(meta.getEncodedNameAsBytes(), to);
        regions.remove(meta);
      }
      // One thread per region: a move blocks until its procedure is done (about half a second).
      List<Thread> movers = new ArrayList<>();
      for (RegionInfo ri : regions) {
        Thread t = new Thread(() -> {
          try {
            admin.move(ri.getEncodedNameAsBytes(), to);
          } catch (IOException e) {
            // retried on the next round
          }
        }, "cake-bench-move");
        t.start();
        movers.add(t);
      }
      for (Thread t : movers) {
        t.join(60_000);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      // retried on the next round
    }
  }

  private String where(ServerName old, ServerName to) {
    try {
      HRegionServer rs = regionServer(to);
      HRegionServer o = regionServer(old);
      return "master says on the old server: "
          + admin.getRegions(old).stream().map(RegionInfo::getRegionNameAsString).toList()
          + "; old server has " + (o == null ? "?" : o.getRegions().stream().map(r -> r.getRegionInfo().getRegionNameAsString()).toList())
          + "; new server has " + (rs == null ? "?" : rs.getRegions().stream().map(r -> r.getRegionInfo().getRegionNameAsString()).toList());
    } catch (IOException e) {
      return e.toString();
    }
  }

  private boolean onlyOn(ServerName old, ServerName to) {
    try {
      if (!admin.getRegions(old).isEmpty()) {
        return false;
      }
      HRegionServer rs = regionServer(to);
      return rs != null
          && rs.getRegions(TableName.valueOf(Workloads.TABLE)).size() == tableRegions
          && !rs.getRegions(TableName.META_TABLE_NAME).isEmpty();
    } catch (IOException e) {
      return false;
    }
  }

  private HRegionServer regionServer(ServerName sn) {
    for (JVMClusterUtil.RegionServerThread t : cluster.mini().getLiveRegionServerThreads()) {
      if (t.getRegionServer().getServerName().equals(sn)) {
        return t.getRegionServer();
      }
    }
    return null;
  }
}
