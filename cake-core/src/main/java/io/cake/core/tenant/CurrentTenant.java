package io.cake.core.tenant;

/**
 * The tenant whose request the current thread is serving. The HBase handler sets it around each
 * call; the HDFS client wrapper reads it to pick the tenant's DFS client. Threads that serve no
 * tenant (flushes, compactions) see null.
 */
public final class CurrentTenant {
  private static final ThreadLocal<String> TENANT = new ThreadLocal<>();

  private CurrentTenant() {}

  public static String get() {
    return TENANT.get();
  }

  public static void set(String tenant) {
    TENANT.set(tenant);
  }

  public static void clear() {
    TENANT.remove();
  }
}
