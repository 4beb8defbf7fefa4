package io.cake.hdfs.datanode;

import io.cake.core.level.FirstLevels;
import static io.cake.hdfs.TestCluster.KB;
import static io.cake.hdfs.TestCluster.MB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.core.sched.Allocation;
import io.cake.core.metrics.TenantMetrics;
import io.cake.hdfs.TestCluster;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import javax.management.Attribute;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The DataNode side on a real MiniDFSCluster (one DataNode, hooked), shared by all tests. */
class DataNodeSchedulingIT {
  static final Path BIG = new Path("/big");
  static final Path SMALL = new Path("/small");
  static final String FE_ATTEMPT = ClientNameParser.attemptIdFor("fe");
  static final String MR_ATTEMPT = "attempt_1700000000000_0001_m_000001_0";

  static Configuration conf;
  static MiniDFSCluster cluster;
  static DataNodeReadScheduler sched;
  static byte[] big;
  static byte[] small;
  static final List<FileSystem> clients = Collections.synchronizedList(new ArrayList<>());

  @BeforeAll
  static void start() throws Exception {
    conf = TestCluster.hookedConf("dn-scheduling");
    cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    cluster.waitActive();
    big = TestCluster.data(16 * MB, 1);
    small = TestCluster.data(1 * MB, 2);
    TestCluster.write(cluster.getFileSystem(), BIG, big, 16L * MB);
    TestCluster.write(cluster.getFileSystem(), SMALL, small, 16L * MB);
    sched = TestCluster.schedulerOf(cluster.getDataNodes().get(0));
  }

  @AfterAll
  static void stop() throws IOException {
    for (FileSystem fs : clients) {
      fs.close();
    }
    String name = sched.name();
    cluster.shutdown(true);
    assertThat(sched.isClosed()).as("scheduler closed with the dataset").isTrue();
    assertThat(FirstLevels.get(DataNodeReadScheduler.class, name)).isEmpty();
  }

  @BeforeEach
  void reset() {
    sched.setChunkListener(null);
    sched.setEnabled(true);
    sched.setLendBetweenChunks(false);
    sched.setAllocation(Allocation.equalShares());
    sched.setLimit(6);
    sched.resetCounters();
  }

  static FileSystem client(String attemptId) throws IOException {
    FileSystem fs = TestCluster.client(cluster, conf, attemptId);
    clients.add(fs);
    return fs;
  }

  static long chunks(String tenant) {
    TenantMetrics m = sched.queues().metrics(tenant);
    return m == null ? 0 : m.totalArrivals();
  }

  static void readWhole(FileSystem fs, Path p, byte[] expected) throws IOException {
    byte[] got = new byte[expected.length];
    try (FSDataInputStream in = fs.open(p)) {
      in.readFully(got);
    }
    assertThat(Arrays.equals(got, expected)).as("content of " + p).isTrue();
  }

  // ---------------------------------------------------------------- tenants

  @Test
  void tenantsComeFromTheClientName() throws Exception {
    FileSystem mr = client(MR_ATTEMPT);
    FileSystem fe = client(FE_ATTEMPT);
    FileSystem plain = client(null);
    // The 3.4.2 DFSClient name format the parser is pinned to.
    assertThat(((DistributedFileSystem) mr).getClient().getClientName())
        .matches("DFSClient_" + MR_ATTEMPT + "_-?\\d+_\\d+");
    assertThat(((DistributedFileSystem) fe).getClient().getClientName())
        .matches("DFSClient_cake_fe_-?\\d+_\\d+");
    assertThat(((DistributedFileSystem) plain).getClient().getClientName())
        .matches("DFSClient_NONMAPREDUCE_-?\\d+_\\d+");

    for (var c : List.of(Map.entry(mr, "batch"), Map.entry(fe, "fe"), Map.entry(plain, "default"))) {
      Map<String, Long> before = Map.of("batch", chunks("batch"), "fe", chunks("fe"), "default", chunks("default"));
      readWhole(c.getKey(), SMALL, small);
      for (String t : before.keySet()) {
        long delta = chunks(t) - before.get(t);
        if (t.equals(c.getValue())) {
          assertThat(delta).as("chunks of " + t).isGreaterThanOrEqualTo(16);
        } else {
          assertThat(delta).as("chunks of " + t + " while " + c.getValue() + " read").isZero();
        }
      }
    }
  }

  @Test
  void badOrUnknownClientNamesGoToDefault() throws Exception {
    String[] attempts = {"cake_", "cake_bad name!", "cake_" + "x".repeat(70), "weird id", "cake_f\u00e9", "attempt_", "cake_-x"};
    for (String a : attempts) {
      long before = chunks("default");
      readWhole(client(a), SMALL, small);
      assertThat(chunks("default") - before).as("default chunks for attempt id '" + a + "'").isGreaterThanOrEqualTo(16);
    }
    assertThat(sched.queues().metrics("bad name!")).isNull();
    assertThat(sched.queues().metrics("f\u00e9")).isNull();
    assertThat(sched.rollMetrics().tenants().keySet()).allMatch(io.cake.core.tenant.TenantNames::isValid);
  }

  // ---------------------------------------------------------------- chunking and bound

  @Test
  void oneFourMegabyteReadIsAtLeast64GatedChunks() throws Exception {
    FileSystem mr = client(MR_ATTEMPT);
    String name = ((DistributedFileSystem) mr).getClient().getClientName();
    List<Integer> sizes = Collections.synchronizedList(new ArrayList<>());
    sched.setChunkListener((t, c, bytes, others, wait) -> {
      if (c.equals(name)) {
        sizes.add(bytes);
      }
    });
    byte[] got = new byte[4 * MB];
    try (FSDataInputStream in = mr.open(BIG)) {
      in.readFully(3 * MB, got); // one positional read of 4 MB
    }
    sched.setChunkListener(null);
    assertThat(Arrays.equals(got, Arrays.copyOfRange(big, 3 * MB, 7 * MB))).isTrue();
    assertThat(sizes.size()).isGreaterThanOrEqualTo(64);
    assertThat(sizes).allMatch(n -> n <= 64 * KB);
    assertThat(sizes.stream().mapToLong(Integer::longValue).sum()).isGreaterThanOrEqualTo(4L * MB);
    System.out.printf("[chunking] one 4 MB pread -> %d gated chunks%n", sizes.size());
  }

  @ParameterizedTest(name = "lendBetweenChunks={0}")
  @ValueSource(booleans = {false, true})
  void twentyConcurrentLargeReadersNeverExceedTheSoftLimitPlusLent(boolean lend) throws Exception {
    sched.setLendBetweenChunks(lend);
    AtomicInteger maxLent = new AtomicInteger();
    AtomicInteger maxHoldingPlusLent = new AtomicInteger();
    AtomicInteger maxWaiting = new AtomicInteger();
    sched.setChunkListener((t, c, bytes, others, wait) -> {
      maxLent.accumulateAndGet(sched.lent(), Math::max);
      maxHoldingPlusLent.accumulateAndGet(sched.holding() + sched.lent(), Math::max);
      maxWaiting.accumulateAndGet(sched.waiting(), Math::max);
      simulatedDisk(1);
    });
    sched.resetCounters();
    int readers = 20;
    ExecutorService pool = Executors.newFixedThreadPool(readers);
    try {
      List<Future<?>> fs = new ArrayList<>();
      for (int i = 0; i < readers; i++) {
        FileSystem fs0 = client(i % 2 == 0 ? MR_ATTEMPT : FE_ATTEMPT);
        int seed = i;
        fs.add(pool.submit(() -> {
          byte[] got = new byte[4 * MB];
          int off = new Random(seed).nextInt(12) * MB;
          try (FSDataInputStream in = fs0.open(BIG)) {
            in.readFully(off, got);
          }
          assertThat(Arrays.equals(got, Arrays.copyOfRange(big, off, off + got.length))).isTrue();
          return null;
        }));
      }
      for (Future<?> f : fs) {
        f.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
      sched.setChunkListener(null);
    }
    System.out.printf(
        "[bound lend=%s] maxInFlight=%d limit=%d maxLent=%d max(holding+lent)=%d maxWaiting=%d violations=%d%n",
        lend, sched.maxInFlight(), sched.limit(), maxLent.get(), maxHoldingPlusLent.get(),
        maxWaiting.get(), sched.boundViolations());
    assertThat(sched.boundViolations()).as("disk reads started above limit + lent").isZero();
    assertThat(sched.maxInFlight()).isBetween(2, 6);
    assertThat(maxWaiting.get()).as("the gate was saturated").isPositive();
    assertThat(maxHoldingPlusLent.get()).isLessThanOrEqualTo(6 + maxLent.get());
    if (lend) {
      assertThat(maxLent.get()).as("slots were lent between chunks").isPositive();
    } else {
      assertThat(maxLent.get()).as("chunk mode never lends").isZero();
    }
    TestCluster.await("all slots back", Duration.ofSeconds(30),
        () -> sched.holding() == 0 && sched.lent() == 0 && sched.inFlight() == 0);
  }

  /**
   * Test workload model, not synchronisation: a chunk's disk read costing {@code ms}, spent while
   * holding the slot. The mini-cluster's data sits in the page cache, where a 64 KB read takes
   * microseconds and the slots would never fill.
   */
  static void simulatedDisk(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  // ---------------------------------------------------------------- shares

  /** Fraction of contended chunk bytes that went to fe, with the given fe:batch shares, limit 1. */
  private double contendedFrontEndFraction(double feShare, double batchShare) throws Exception {
    sched.setLimit(1);
    sched.setAllocation(new Allocation(Map.of("fe", feShare, "batch", batchShare), Map.of(), 1.0));
    Map<String, LongAdder> bytes = new ConcurrentHashMap<>();
    AtomicLong contended = new AtomicLong();
    AtomicInteger switches = new AtomicInteger();
    String[] last = {""};
    sched.setChunkListener((t, c, n, others, wait) -> {
      if (others > 0) {
        bytes.computeIfAbsent(t, k -> new LongAdder()).add(n);
        contended.incrementAndGet();
        synchronized (last) {
          if (!last[0].equals(t)) {
            switches.incrementAndGet();
            last[0] = t;
          }
        }
      }
    });
    AtomicBoolean stop = new AtomicBoolean();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    List<Future<?>> fs = new ArrayList<>();
    try {
      for (int i = 0; i < 4; i++) {
        FileSystem fe = client(FE_ATTEMPT);
        FileSystem mr = client(MR_ATTEMPT);
        int seed = i;
        fs.add(pool.submit(() -> { // front end: 64 KB positional reads, HBase get style
          Random r = new Random(seed);
          byte[] b = new byte[64 * KB];
          try (FSDataInputStream in = fe.open(BIG)) {
            while (!stop.get()) {
              in.readFully((long) r.nextInt(big.length / b.length) * b.length, b);
            }
          }
          return null;
        }));
        fs.add(pool.submit(() -> { // batch: large stream reads
          byte[] b = new byte[MB];
          while (!stop.get()) {
            try (FSDataInputStream in = mr.open(BIG)) {
              for (int k = 0; k < 4 && !stop.get(); k++) {
                in.readFully(b);
              }
            }
          }
          return null;
        }));
      }
      TestCluster.await("800 contended chunks", Duration.ofSeconds(60), () -> contended.get() >= 800);
    } finally {
      stop.set(true);
      for (Future<?> f : fs) {
        f.get(60, TimeUnit.SECONDS);
      }
      pool.shutdownNow();
      sched.setChunkListener(null);
    }
    long fe = bytes.getOrDefault("fe", new LongAdder()).sum();
    long batch = bytes.getOrDefault("batch", new LongAdder()).sum();
    double frac = fe / (double) (fe + batch);
    System.out.printf("[shares fe:batch=%.0f:%.0f] contended chunks=%d fe bytes=%d batch bytes=%d fe fraction=%.3f tenant switches=%d%n",
        feShare, batchShare, contended.get(), fe, batch, frac, switches.get());
    assertThat(switches.get()).as("chunks of the two tenants interleave").isGreaterThan(100);
    return frac;
  }

  @Test
  void chunksInterleaveAccordingToShares() throws Exception {
    double threeToOne = contendedFrontEndFraction(3, 1);
    double equal = contendedFrontEndFraction(1, 1);
    double oneToThree = contendedFrontEndFraction(1, 3);
    // Ideal: 0.75, 0.5, 0.25. Generous bands plus a strict ordering.
    assertThat(threeToOne).isBetween(0.6, 0.9);
    assertThat(equal).isBetween(0.35, 0.65);
    assertThat(oneToThree).isBetween(0.1, 0.4);
    assertThat(threeToOne).isGreaterThan(equal + 0.1);
    assertThat(equal).isGreaterThan(oneToThree + 0.1);
  }

  // ---------------------------------------------------------------- reservation

  record Phase(String label, double feWaitP50, double feWaitP99, double feLatP50, double feLatP99,
      double batchWaitP50, double batchMBs, int feChunks) {
    @Override
    public String toString() {
      return String.format("| %-46s | %8.3f | %8.3f | %8.3f | %8.3f | %9.3f | %7.0f |",
          label, feWaitP50, feWaitP99, feLatP50, feLatP99, batchWaitP50, batchMBs);
    }
  }

  static double pct(List<Long> nanos, double p) {
    if (nanos.isEmpty()) {
      return Double.NaN;
    }
    List<Long> sorted = new ArrayList<>(nanos);
    Collections.sort(sorted);
    int i = (int) Math.min(sorted.size() - 1, Math.ceil(p / 100.0 * sorted.size()) - 1);
    return sorted.get(Math.max(0, i)) / 1e6;
  }

  /** 12 batch stream readers saturate the DataNode while one front-end thread does 64 KB preads. */
  private Phase phase(String label, boolean enabled, String feAttempt, Allocation alloc, long diskMs)
      throws Exception {
    sched.setEnabled(enabled);
    sched.setAllocation(alloc);
    FileSystem fe = client(feAttempt);
    String feName = ((DistributedFileSystem) fe).getClient().getClientName();
    List<Long> feWaits = Collections.synchronizedList(new ArrayList<>());
    List<Long> batchWaits = Collections.synchronizedList(new ArrayList<>());
    sched.setChunkListener((t, c, n, others, wait) -> {
      (c.equals(feName) ? feWaits : batchWaits).add(wait);
      if (diskMs > 0) {
        simulatedDisk(diskMs);
      }
    });
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong batchBytes = new AtomicLong();
    ExecutorService pool = Executors.newFixedThreadPool(12);
    List<Future<?>> fs = new ArrayList<>();
    List<Long> feLat = new ArrayList<>();
    long t0;
    long t1;
    try {
      for (int i = 0; i < 12; i++) {
        FileSystem mr = client(MR_ATTEMPT);
        fs.add(pool.submit(() -> {
          byte[] b = new byte[MB];
          while (!stop.get()) {
            try (FSDataInputStream in = mr.open(BIG)) {
              for (int k = 0; k < 4 && !stop.get(); k++) {
                in.readFully(b);
                batchBytes.addAndGet(b.length);
              }
            }
          }
          return null;
        }));
      }
      TestCluster.await("batch running", Duration.ofSeconds(30), () -> batchBytes.get() >= 24L * MB);
      t0 = System.nanoTime();
      long b0 = batchBytes.get();
      Random r = new Random(3);
      byte[] buf = new byte[64 * KB];
      try (FSDataInputStream in = fe.open(BIG)) {
        for (int i = 0; i < 150; i++) {
          long off = (long) r.nextInt(big.length / buf.length) * buf.length;
          long s = System.nanoTime();
          in.readFully(off, buf);
          feLat.add(System.nanoTime() - s);
        }
      }
      t1 = System.nanoTime();
      batchBytes.addAndGet(-b0);
    } finally {
      stop.set(true);
      for (Future<?> f : fs) {
        f.get(60, TimeUnit.SECONDS);
      }
      pool.shutdownNow();
      sched.setChunkListener(null);
      sched.setEnabled(true);
    }
    double mbs = batchBytes.get() / (double) MB / ((t1 - t0) / 1e9);
    return new Phase(label, pct(feWaits, 50), pct(feWaits, 99), pct(feLat, 50), pct(feLat, 99),
        pct(batchWaits, 50), mbs, feWaits.size());
  }

  @Test
  void aReservationKeepsFrontEndChunkQueueTimeLowWhileBatchSaturates() throws Exception {
    String feAsBatch = "attempt_1700000000000_0002_m_000009_0"; // same tenant, same FIFO queue as batch
    Allocation equal = Allocation.equalShares();
    Allocation reserved = new Allocation(Map.of(), Map.of("fe", 1), 1.0);
    List<Phase> ps = new ArrayList<>();
    ps.add(phase("page cache: no scheduler (hook disabled)", false, FE_ATTEMPT, equal, 0));
    ps.add(phase("page cache: Cake, fe reservation 1", true, FE_ATTEMPT, reserved, 0));
    ps.add(phase("1 ms disk: one FIFO queue (no tenant sched.)", true, feAsBatch, equal, 1));
    ps.add(phase("1 ms disk: Cake, equal shares", true, FE_ATTEMPT, equal, 1));
    ps.add(phase("1 ms disk: Cake, fe reservation 1", true, FE_ATTEMPT, reserved, 1));
    System.out.println("\n[reservation] soft limit 6, 12 batch stream readers, 1 front-end thread, 150 x 64 KB preads (ms, MB/s)");
    System.out.println("| phase                                          | fe wait50| fe wait99| fe lat50 | fe lat99 | batch wait50 | batch MB/s |");
    ps.forEach(System.out::println);
    Phase fifo = ps.get(2);
    Phase cake = ps.get(4);
    assertThat(fifo.feChunks()).isGreaterThanOrEqualTo(150);
    assertThat(cake.feChunks()).isGreaterThanOrEqualTo(150);
    assertThat(cake.feWaitP50()).as("fe chunk queue time p50 with a reservation (ms)").isLessThan(1.0);
    assertThat(cake.batchWaitP50()).as("batch saturates: it queues").isGreaterThan(cake.feWaitP50());
    assertThat(fifo.feWaitP50()).as("without tenant scheduling fe queues behind batch").isGreaterThan(cake.feWaitP50());
  }

  // ---------------------------------------------------------------- integrity

  @Test
  void everyByteMatchesUnderConcurrencyWhileSharesChange() throws Exception {
    AtomicBoolean done = new AtomicBoolean();
    AtomicInteger applied = new AtomicInteger();
    AtomicInteger refused = new AtomicInteger();
    Thread mutator = new Thread(() -> {
      Random r = new Random(11);
      String[] tenants = {"fe", "batch", "default"};
      while (!done.get()) {
        try {
          switch (r.nextInt(5)) {
            case 0, 1 -> sched.updateAllocation(a -> a.withShare(tenants[r.nextInt(3)], 0.1 + r.nextDouble() * 10));
            case 2 -> sched.updateAllocation(a -> a.withReservation(tenants[r.nextInt(3)], r.nextInt(3)));
            case 3 -> sched.setLimit(2 + r.nextInt(7));
            default -> sched.setLendBetweenChunks(r.nextBoolean());
          }
          applied.incrementAndGet();
        } catch (IllegalArgumentException e) {
          refused.incrementAndGet(); // e.g. reservations that would not fit the current limit
        }
        Thread.onSpinWait();
        Thread.yield();
      }
    }, "mutator");
    mutator.start();
    int readers = 12;
    ExecutorService pool = Executors.newFixedThreadPool(readers);
    AtomicLong bytesChecked = new AtomicLong();
    try {
      List<Future<?>> fs = new ArrayList<>();
      for (int i = 0; i < readers; i++) {
        FileSystem fs0 = client(new String[] {FE_ATTEMPT, MR_ATTEMPT, null}[i % 3]);
        int seed = 100 + i;
        fs.add(pool.submit(() -> {
          Random r = new Random(seed);
          try (FSDataInputStream in = fs0.open(BIG)) {
            for (int op = 0; op < 25; op++) {
              int len = 1 + r.nextInt(2 * MB);
              int off = r.nextInt(big.length - len);
              byte[] got = new byte[len];
              if (r.nextBoolean()) {
                in.readFully(off, got);
              } else {
                in.seek(off);
                in.readFully(got);
              }
              assertThat(TestCluster.crc(got, 0, len))
                  .as("crc of [%d, +%d)", off, len)
                  .isEqualTo(TestCluster.crc(big, off, len));
              bytesChecked.addAndGet(len);
            }
          }
          return null;
        }));
      }
      for (Future<?> f : fs) {
        f.get(180, TimeUnit.SECONDS);
      }
    } finally {
      done.set(true);
      mutator.join();
      pool.shutdownNow();
    }
    System.out.printf("[integrity] %d MB checked, %d changes applied, %d refused%n",
        bytesChecked.get() / MB, applied.get(), refused.get());
    assertThat(applied.get()).isGreaterThan(10);
    TestCluster.await("all slots back", Duration.ofSeconds(30),
        () -> sched.holding() == 0 && sched.lent() == 0 && sched.inFlight() == 0 && sched.waiting() == 0);
  }

  // ---------------------------------------------------------------- JMX

  @Test
  void jmxControlRefusesInvalidWritesAndPublishesMetrics() throws Exception {
    MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
    ObjectName control = new ObjectName("io.cake:type=Scheduler,kind=hdfs,scheduler=" + ObjectName.quote(sched.name()));
    assertThat(sched.name()).isEqualTo("hdfs-" + cluster.getDataNodes().get(0).getXferPort());
    assertThat(mbs.getAttribute(control, "SoftLimit")).isEqualTo(6);
    mbs.setAttribute(control, new Attribute("SoftLimit", 4));
    assertThat(sched.limit()).isEqualTo(4);
    assertThatThrownBy(() -> mbs.setAttribute(control, new Attribute("SoftLimit", 0)))
        .hasRootCauseMessage("soft limit must be within [1, 1024], got 0");
    // Hostile: unchecked, this would grow the slot list under the scheduler lock and leave it set.
    assertThatThrownBy(() -> mbs.setAttribute(control, new Attribute("SoftLimit", Integer.MAX_VALUE)))
        .hasRootCauseMessage("soft limit must be within [1, 1024], got " + Integer.MAX_VALUE);
    assertThat(sched.limit()).isEqualTo(4);
    assertThat(sched.queues().slotCount()).isEqualTo(4);
    mbs.setAttribute(control, new Attribute("VolumeLimit", 2));
    assertThat(sched.volumeLimit()).isEqualTo(2);
    assertThatThrownBy(() -> mbs.setAttribute(control, new Attribute("VolumeLimit", -1)))
        .hasRootCauseMessage("device limit (reads per volume) must be within [0, 1024], 0: none; got -1");
    assertThat(sched.volumeLimit()).isEqualTo(2);
    mbs.setAttribute(control, new Attribute("VolumeLimit", 0));
    assertThat(mbs.getAttribute(control, "VolumeLimit")).isEqualTo(0);

    mbs.invoke(control, "setShare", new Object[] {"fe", 3.0}, new String[] {"java.lang.String", "double"});
    mbs.invoke(control, "setReservation", new Object[] {"fe", 2}, new String[] {"java.lang.String", "int"});
    Allocation before = sched.allocation();
    assertThat(before.share("fe")).isEqualTo(3.0);
    assertThat(before.reservation("fe")).isEqualTo(2);
    assertThatThrownBy(() -> mbs.invoke(control, "setShare", new Object[] {"fe", -1.0}, new String[] {"java.lang.String", "double"}))
        .rootCause().hasMessageContaining("positive");
    assertThatThrownBy(() -> mbs.invoke(control, "setShare", new Object[] {"bad name", 1.0}, new String[] {"java.lang.String", "double"}))
        .rootCause().hasMessageContaining("bad name");
    assertThatThrownBy(() -> mbs.invoke(control, "setReservation", new Object[] {"fe", 4}, new String[] {"java.lang.String", "int"}))
        .rootCause().hasMessageContaining("at most 3");
    assertThatThrownBy(() -> mbs.setAttribute(control, new Attribute("SoftLimit", 2)))
        .rootCause().hasMessageContaining("must be >= 3");
    assertThat(sched.allocation()).isEqualTo(before);
    assertThat(sched.limit()).isEqualTo(4);
    assertThat(mbs.getAttribute(control, "Shares")).isEqualTo("fe=3.0");
    assertThat(mbs.getAttribute(control, "Reservations")).isEqualTo("fe=2");
    assertThat(mbs.getAttribute(control, "Slots")).isEqualTo(4);
    // Every other tenant weighs the default 1.0, so fe's 3.0 gives 3 / (3 + others).
    String[] fractions = ((String) mbs.getAttribute(control, "ShareFractions")).split(",");
    assertThat(fractions).contains(String.format(java.util.Locale.ROOT, "fe=%.3f", 3.0 / (3.0 + fractions.length - 1)));

    readWhole(client(MR_ATTEMPT), SMALL, small);
    sched.rollMetrics();
    ObjectName arrivals = io.cake.core.metrics.JmxPublisher.tenantMetricName(sched.name(), "batch", "arrivals");
    assertThat(((Number) mbs.getAttribute(arrivals, "Value")).longValue()).isGreaterThanOrEqualTo(16);
    ObjectName share = io.cake.core.metrics.JmxPublisher.tenantMetricName(sched.name(), "fe", "share");
    assertThat(((Number) mbs.getAttribute(share, "Value")).doubleValue()).isEqualTo(3.0);
    assertThat(FirstLevels.get(DataNodeReadScheduler.class, sched.name())).containsSame(sched);
  }

  @Test
  void disabledSchedulerPassesReadsThrough() throws Exception {
    sched.setEnabled(false);
    long before = sched.gatedChunks();
    readWhole(client(MR_ATTEMPT), SMALL, small);
    assertThat(sched.gatedChunks()).isEqualTo(before);
    sched.setEnabled(true);
    readWhole(client(MR_ATTEMPT), SMALL, small);
    assertThat(sched.gatedChunks() - before).isGreaterThanOrEqualTo(16);
  }

}
