package io.cake.hdfs.datanode;

import io.cake.core.tenant.TenantNames;

/**
 * Everything that depends on Hadoop 3.4.2's naming formats, in one place (tests pin them):
 *
 * <ul>
 *   <li>{@code DataXceiver.updateCurrentThreadName}: {@code "DataXceiver for client " +
 *       clientName + " at " + remoteAddress + " [" + status + "]"}, where {@code readBlock} sets
 *       {@code status = "Sending block " + block} before it builds the BlockSender that opens the
 *       block file. The client part and its {@code " at "} are absent when the op carried no
 *       client name.
 *   <li>{@code DFSClient}: {@code clientName = "DFSClient_" + conf.get("mapreduce.task.attempt.id",
 *       "NONMAPREDUCE") + "_" + randomInt + "_" + threadId}.
 * </ul>
 *
 * <p>Our HBase-side wrapper sets {@code mapreduce.task.attempt.id} to {@link #attemptIdFor(String)
 * cake_<tenant>}; MapReduce and Spark tasks set it to {@code attempt_...}. Nothing here throws on
 * client input: unknown or malformed names map to {@link TenantNames#DEFAULT}.
 */
public final class ClientNameParser {
  /** Key read by DFSClient to build its name. */
  public static final String ATTEMPT_ID_KEY = "mapreduce.task.attempt.id";
  /** Marker our HBase-side wrapper puts in front of the tenant. */
  public static final String TENANT_MARKER = "cake_";

  static final String DFSCLIENT_PREFIX = "DFSClient_";
  static final String BATCH_MARKER = "attempt_";
  static final String THREAD_PREFIX = "DataXceiver for client ";
  static final String READ_STATUS = " [Sending block ";
  static final String SHORT_CIRCUIT_STATUS = " [Passing file descriptors for block ";

  private final String batchTenant;

  public ClientNameParser(String batchTenant) {
    this.batchTenant = TenantNames.check("batch tenant", batchTenant);
  }

  /** The value of {@code mapreduce.task.attempt.id} that makes a DFSClient carry {@code tenant}. */
  public static String attemptIdFor(String tenant) {
    return TENANT_MARKER + TenantNames.check("tenant", tenant);
  }

  /**
   * The DFS client name if {@code threadName} is a DataXceiver serving OP_READ_BLOCK, "" if it is
   * such a thread but the op carried no client name, and null if it is any other thread (block
   * copy for the balancer, replication, checksum, short-circuit fd passing, scanners: not gated).
   */
  public static String readClientOfThread(String threadName) {
    if (threadName == null || !threadName.startsWith(THREAD_PREFIX) || !threadName.endsWith("]")) {
      return null;
    }
    // The status is last; a client name could itself contain the marker, so search from the end.
    int status = threadName.lastIndexOf(READ_STATUS);
    if (status < THREAD_PREFIX.length() - 1) {
      return null;
    }
    // The remote address ("/127.0.0.1:5000") never contains " at ".
    int at = threadName.lastIndexOf(" at ", status);
    if (at < THREAD_PREFIX.length() - 1) {
      return "";
    }
    return threadName.substring(THREAD_PREFIX.length(), Math.max(THREAD_PREFIX.length(), at));
  }

  /**
   * Whether {@code threadName} is a DataXceiver handing a local client the block's file
   * descriptors (REQUEST_SHORT_CIRCUIT_FDS): that client then reads the file itself, past Cake.
   */
  public static boolean isShortCircuitOpen(String threadName) {
    return threadName != null && threadName.startsWith(THREAD_PREFIX) && threadName.endsWith("]")
        && threadName.lastIndexOf(SHORT_CIRCUIT_STATUS) >= THREAD_PREFIX.length() - 1;
  }

  /** The tenant of a DFS client name; never throws, never returns an invalid name. */
  public String tenantOf(String clientName) {
    String task = taskIdOf(clientName);
    if (task == null) {
      return TenantNames.DEFAULT;
    }
    if (task.startsWith(TENANT_MARKER)) {
      String tenant = task.substring(TENANT_MARKER.length());
      return TenantNames.isValid(tenant) ? tenant : TenantNames.DEFAULT;
    }
    if (task.startsWith(BATCH_MARKER) && task.length() > BATCH_MARKER.length()) {
      return batchTenant;
    }
    return TenantNames.DEFAULT;
  }

  /** Whether {@code clientName} names a Cake tenant ({@code DFSClient_cake_...}), valid or not. */
  static boolean namesTenant(String clientName) {
    String task = taskIdOf(clientName);
    return task != null && task.startsWith(TENANT_MARKER);
  }

  public String batchTenant() {
    return batchTenant;
  }

  /**
   * The {@code mapreduce.task.attempt.id} part of {@code DFSClient_<task>_<int>_<long>}, or null
   * if the name does not have that shape.
   */
  static String taskIdOf(String clientName) {
    if (clientName == null || !clientName.startsWith(DFSCLIENT_PREFIX)) {
      return null;
    }
    int tid = clientName.lastIndexOf('_');
    if (tid <= DFSCLIENT_PREFIX.length() || !isNumber(clientName, tid + 1, clientName.length(), false)) {
      return null;
    }
    int rand = clientName.lastIndexOf('_', tid - 1);
    if (rand < DFSCLIENT_PREFIX.length() || !isNumber(clientName, rand + 1, tid, true)) {
      return null;
    }
    if (rand == DFSCLIENT_PREFIX.length()) {
      return null; // empty task id
    }
    return clientName.substring(DFSCLIENT_PREFIX.length(), rand);
  }

  private static boolean isNumber(String s, int from, int to, boolean signed) {
    if (signed && from < to && s.charAt(from) == '-') {
      from++;
    }
    if (from >= to || to - from > 20) {
      return false;
    }
    for (int i = from; i < to; i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '9') {
        return false;
      }
    }
    return true;
  }
}
