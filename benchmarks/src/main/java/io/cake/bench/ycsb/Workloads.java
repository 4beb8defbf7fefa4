package io.cake.bench.ycsb;

import java.util.Properties;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * The YCSB {@link CoreWorkload} set-ups of the experiment (Cake section 6): one 8 KB field per row;
 * the front end reads single rows chosen uniformly (so most reads miss the small block cache), the
 * batch tenant scans 500 consecutive rows (about 4 MB).
 */
public final class Workloads {
  public static final String TABLE = "usertable";
  public static final String FAMILY = "family";
  public static final int ROW_BYTES = 8 * 1024;
  public static final int SCAN_ROWS = 500;

  private Workloads() {}

  static {
    // CoreWorkload asks for the JVM-wide Measurements singleton in init(); it must have properties.
    // Nothing is measured through it: the harness records per tenant with its own recorders.
    Measurements.setProperties(new Properties());
  }

  /** Properties common to every workload on the table of {@code records} rows. */
  public static Properties base(long records) {
    Properties p = new Properties();
    p.setProperty(CoreWorkload.TABLENAME_PROPERTY, TABLE);
    p.setProperty("recordcount", Long.toString(records));
    p.setProperty(CoreWorkload.FIELD_COUNT_PROPERTY, "1");
    p.setProperty(CoreWorkload.FIELD_LENGTH_PROPERTY, Integer.toString(ROW_BYTES));
    p.setProperty(CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY, "constant");
    p.setProperty(CoreWorkload.READ_ALL_FIELDS_PROPERTY, "true");
    p.setProperty(CoreWorkload.INSERT_ORDER_PROPERTY, "hashed");
    p.setProperty(CoreWorkload.READ_PROPORTION_PROPERTY, "0");
    p.setProperty(CoreWorkload.UPDATE_PROPORTION_PROPERTY, "0");
    p.setProperty(CoreWorkload.INSERT_PROPORTION_PROPERTY, "0");
    p.setProperty(CoreWorkload.SCAN_PROPORTION_PROPERTY, "0");
    p.setProperty(CoreWorkload.READMODIFYWRITE_PROPORTION_PROPERTY, "0");
    p.setProperty(CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY, "uniform");
    p.setProperty(CoreWorkload.FIELD_NAME_PREFIX, "field");
    return p;
  }

  /** Loading: {@code records} inserts. */
  public static CoreWorkload load(long records) throws WorkloadException {
    Properties p = base(records);
    p.setProperty(CoreWorkload.INSERT_PROPORTION_PROPERTY, "1");
    p.setProperty(CoreWorkload.INSERT_START_PROPERTY, "0");
    p.setProperty(CoreWorkload.INSERT_COUNT_PROPERTY, Long.toString(records));
    return init(p);
  }

  /** Front end: single-row reads of 8 KB, keys uniform over the table. */
  public static CoreWorkload frontend(long records) throws WorkloadException {
    Properties p = base(records);
    p.setProperty(CoreWorkload.READ_PROPORTION_PROPERTY, "1");
    return init(p);
  }

  /** Batch: scans of exactly {@link #SCAN_ROWS} rows from a uniformly chosen start key. */
  public static CoreWorkload batch(long records) throws WorkloadException {
    Properties p = base(records);
    p.setProperty(CoreWorkload.SCAN_PROPORTION_PROPERTY, "1");
    p.setProperty(CoreWorkload.MIN_SCAN_LENGTH_PROPERTY, Integer.toString(SCAN_ROWS));
    p.setProperty(CoreWorkload.MAX_SCAN_LENGTH_PROPERTY, Integer.toString(SCAN_ROWS));
    p.setProperty(CoreWorkload.SCAN_LENGTH_DISTRIBUTION_PROPERTY, "uniform");
    return init(p);
  }

  private static CoreWorkload init(Properties p) throws WorkloadException {
    CoreWorkload w = new CoreWorkload();
    w.init(p);
    return w;
  }
}
