package io.cake.ycsb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.security.UserProvider;
import org.apache.hadoop.hbase.util.Bytes;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * A YCSB binding for HBase 2.6 that tags every request with its Cake tenant: the request attribute
 * {@code cake.tenant} on every Get/Scan/Put (set through {@code TableBuilder.setRequestAttribute}),
 * and the same connection attribute when this binding opens the connection itself. Request
 * attributes ride on every RPC of a scan, its {@code next} calls included. Needs an HBase 2.6 or
 * newer client on the classpath (request and connection attributes are 2.6 API).
 *
 * <p>Two ways to build one:
 *
 * <ul>
 *   <li>by YCSB's {@code DBFactory} (no-arg constructor): properties {@code cake.tenant} (default
 *       {@code default}), {@code columnfamily} (default {@code family}), {@code
 *       hbase.zookeeper.quorum} and any other {@code hbase.*} or {@code zookeeper.*} key; it opens
 *       (and closes) its own connection. So stock YCSB runs it: {@code java -cp
 *       "cake-ycsb.jar:ycsb/lib/*:$(hbase classpath)" site.ycsb.Client -t -db
 *       io.cake.ycsb.CakeHBaseClient -p cake.tenant=frontend -P workloads/workloadc}
 *       (docs/ycsb.md).
 *   <li>by the harness ({@link #CakeHBaseClient(Connection, String, String, Stats)}): one shared
 *       connection per tenant, one client per worker thread.
 * </ul>
 *
 * <p>Scans bypass the block cache ({@code setCacheBlocks(false)}), like a batch job. Latency is not
 * recorded here: YCSB's {@code Measurements} is a JVM-wide singleton, the harness records per
 * tenant with its own HdrHistogram recorders. This class only counts rows and bytes per tenant.
 */
public class CakeHBaseClient extends DB {
  public static final String TENANT_PROPERTY = "cake.tenant";
  public static final String COLUMN_FAMILY_PROPERTY = "columnfamily";
  public static final String COLUMN_FAMILY_DEFAULT = "family";
  public static final String SCAN_CACHING_PROPERTY = "cake.scan.caching";
  public static final String DURABILITY_PROPERTY = "durability";
  /** Request / connection attribute carrying the tenant (io.cake.hbase.config.CakeHBaseConfig). */
  public static final String TENANT_ATTRIBUTE = "cake.tenant";

  /** Rows and bytes moved, per tenant; shared by every client of a tenant. */
  public static final class Stats {
    public final LongAdder rows = new LongAdder();
    public final LongAdder bytes = new LongAdder();
    public final LongAdder errors = new LongAdder();
    private volatile String lastError = "";

    public String lastError() {
      return lastError;
    }
  }

  private static final Map<String, Stats> STATS_BY_TENANT = new ConcurrentHashMap<>();

  private Connection connection;
  private boolean ownsConnection;
  private String tenant;
  private byte[] family;
  private Stats stats;
  private int scanCaching;
  private Durability durability = Durability.USE_DEFAULT;
  private final Map<String, Table> tables = new HashMap<>();
  private final Map<String, BufferedMutator> mutators = new HashMap<>();
  /** The status and value bytes of the last operation of this (single-threaded) client. */
  private Status last = Status.OK;
  private long lastBytes;

  /** For YCSB's DBFactory; configured by {@link #init()} from the properties. */
  public CakeHBaseClient() {}

  /** For the harness: a shared connection, the tenant, the column family, shared counters. */
  public CakeHBaseClient(Connection connection, String tenant, String family, Stats stats) {
    this.connection = connection;
    this.tenant = tenant;
    this.family = Bytes.toBytes(family);
    this.stats = stats;
    this.scanCaching = 0;
  }

  @Override
  public void init() throws DBException {
    Properties p = getProperties();
    if (connection == null) {
      tenant = p.getProperty(TENANT_PROPERTY, "default");
      family = Bytes.toBytes(p.getProperty(COLUMN_FAMILY_PROPERTY, COLUMN_FAMILY_DEFAULT));
      stats = STATS_BY_TENANT.computeIfAbsent(tenant, t -> new Stats());
      Configuration conf = HBaseConfiguration.create();
      for (String k : p.stringPropertyNames()) {
        if (k.startsWith("hbase.") || k.startsWith("zookeeper.")) {
          conf.set(k, p.getProperty(k));
        }
      }
      try {
        // The user explicitly: HBase 2.6's overload with connection attributes does not default a
        // null user as the shorter ones do (NullPointerException in User.runAs).
        connection =
            ConnectionFactory.createConnection(
                conf,
                null,
                UserProvider.instantiate(conf).getCurrent(),
                Map.of(TENANT_ATTRIBUTE, tenant.getBytes(StandardCharsets.UTF_8)));
      } catch (IOException e) {
        throw new DBException("could not connect to HBase", e);
      }
      ownsConnection = true;
    }
    scanCaching = Integer.parseInt(p.getProperty(SCAN_CACHING_PROPERTY, "0"));
    String d = p.getProperty(DURABILITY_PROPERTY);
    if (d != null) {
      durability = Durability.valueOf(d);
    }
  }

  /** Counters of the tenant as seen by clients built by YCSB's factory in this JVM. */
  public static Stats statsOf(String tenant) {
    return STATS_BY_TENANT.computeIfAbsent(tenant, t -> new Stats());
  }

  public String tenant() {
    return tenant;
  }

  /** OK, NOT_FOUND or ERROR of this client's last operation (workloads do not return it). */
  public Status lastStatus() {
    return last;
  }

  /** Value bytes moved by this client's last operation. */
  public long lastBytes() {
    return lastBytes;
  }

  private Table table(String name) {
    return tables.computeIfAbsent(
        name,
        n ->
            connection
                .getTableBuilder(TableName.valueOf(n), null)
                .setRequestAttribute(TENANT_ATTRIBUTE, Bytes.toBytes(tenant))
                .build());
  }

  private BufferedMutator mutator(String name) throws IOException {
    BufferedMutator m = mutators.get(name);
    if (m == null) {
      m =
          connection.getBufferedMutator(
              new BufferedMutatorParams(TableName.valueOf(name))
                  .setRequestAttribute(TENANT_ATTRIBUTE, Bytes.toBytes(tenant))
                  .writeBufferSize(4L * 1024 * 1024));
      mutators.put(name, m);
    }
    return m;
  }

  private Status fail(Exception e) {
    stats.errors.increment();
    String m = String.valueOf(e.getMessage()).replaceAll("\\s+", " ");
    stats.lastError = e.getClass().getSimpleName() + ": " + (m.length() > 300 ? m.substring(0, 300) + "..." : m);
    return last = Status.ERROR;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    lastBytes = 0;
    Get g = new Get(Bytes.toBytes(key));
    if (fields == null) {
      g.addFamily(family);
    } else {
      for (String f : fields) {
        g.addColumn(family, Bytes.toBytes(f));
      }
    }
    try {
      Result r = table(table).get(g);
      if (r.isEmpty()) {
        return last = Status.NOT_FOUND;
      }
      long bytes = copy(r, result);
      lastBytes = bytes;
      stats.rows.increment();
      stats.bytes.add(bytes);
      return last = Status.OK;
    } catch (IOException | RuntimeException e) {
      return fail(e);
    }
  }

  @Override
  public Status scan(
      String table,
      String startkey,
      int recordcount,
      Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    lastBytes = 0;
    Scan s = new Scan().withStartRow(Bytes.toBytes(startkey)).setLimit(recordcount).setCacheBlocks(false);
    if (scanCaching > 0) {
      s.setCaching(scanCaching);
    }
    if (fields == null) {
      s.addFamily(family);
    } else {
      for (String f : fields) {
        s.addColumn(family, Bytes.toBytes(f));
      }
    }
    long rows = 0;
    long bytes = 0;
    try (ResultScanner scanner = table(table).getScanner(s)) {
      for (Result r : scanner) {
        rows++;
        // The caller (a CoreWorkload) keeps nothing; count rather than copy 4 MB per scan.
        for (Cell c : r.rawCells()) {
          bytes += c.getValueLength();
        }
      }
      stats.rows.add(rows);
      stats.bytes.add(bytes);
      lastBytes = bytes;
      return last = Status.OK;
    } catch (IOException | RuntimeException e) {
      return fail(e);
    }
  }

  private long copy(Result r, Map<String, ByteIterator> result) {
    long bytes = 0;
    for (Cell c : r.rawCells()) {
      bytes += c.getValueLength();
      result.put(Bytes.toString(CellUtil.cloneQualifier(c)), new ByteArrayByteIterator(CellUtil.cloneValue(c)));
    }
    return bytes;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return insert(table, key, values);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Put p = new Put(Bytes.toBytes(key));
    p.setDurability(durability);
    long bytes = 0;
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      byte[] v = e.getValue().toArray();
      bytes += v.length;
      p.addColumn(family, Bytes.toBytes(e.getKey()), v);
    }
    try {
      mutator(table).mutate(p);
      stats.rows.increment();
      stats.bytes.add(bytes);
      return last = Status.OK;
    } catch (IOException | RuntimeException e) {
      return fail(e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      table(table).delete(new Delete(Bytes.toBytes(key)));
      return last = Status.OK;
    } catch (IOException | RuntimeException e) {
      return fail(e);
    }
  }

  @Override
  public void cleanup() throws DBException {
    IOException first = null;
    for (BufferedMutator m : mutators.values()) {
      try {
        m.close(); // flushes
      } catch (IOException e) {
        first = first == null ? e : first;
      }
    }
    mutators.clear();
    for (Table t : tables.values()) {
      try {
        t.close();
      } catch (IOException e) {
        first = first == null ? e : first;
      }
    }
    tables.clear();
    if (ownsConnection && connection != null) {
      try {
        connection.close();
      } catch (IOException e) {
        first = first == null ? e : first;
      }
    }
    if (first != null) {
      throw new DBException("cleanup failed", first);
    }
  }
}
