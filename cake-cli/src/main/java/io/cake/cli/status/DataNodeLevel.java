package io.cake.cli.status;

import java.util.List;

/**
 * The DataNode read scheduler beside a RegionServer ({@code io.cake:type=Scheduler,kind=hdfs}), if
 * its /jmx page could be read: {@code error} says why not. {@code softLimit} is the number of
 * concurrent disk reads; {@code holding}/{@code waiting} are reads holding a slot / waiting now.
 */
public record DataNodeLevel(
    String url,
    String error,
    String scheduler,
    Boolean enabled,
    Integer softLimit,
    Integer holding,
    Integer waiting,
    Integer queued,
    List<TenantRow> tenants,
    String version) {

  static DataNodeLevel unreachable(String url, String error) {
    return new DataNodeLevel(url, error, null, null, null, null, null, null, List.of(), null);
  }
}
