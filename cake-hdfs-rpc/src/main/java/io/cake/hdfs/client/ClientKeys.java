package io.cake.hdfs.client;

/**
 * The keys of {@link CakeTenantFileSystem}, the RegionServer's tenant-carrying HDFS client, in a
 * class of their own so that the cake tool reads them without Hadoop ({@code cake config check}).
 */
public final class ClientKeys {
  /** Tenant of threads that serve no tenant (flushes, compactions, prefetch). */
  public static final String INTERNAL_TENANT_KEY = "cake.hdfs.client.internal-tenant";
  public static final String DEFAULT_INTERNAL_TENANT = "internal";

  /** Most per-tenant HDFS clients kept; later tenants read through the base client. */
  public static final String MAX_TENANTS_KEY = "cake.hdfs.client.max-tenants";
  public static final int DEFAULT_MAX_TENANTS = 32;

  /** When false the wrapper passes everything through (no extra clients). */
  public static final String ENABLED_KEY = "cake.hdfs.client.enabled";
  public static final boolean DEFAULT_ENABLED = true;

  private ClientKeys() {}
}
