package io.cake.director.plan;

/**
 * One region where it is now and the load it brings its server, in the unit of {@link ServerLoad}.
 *
 * @param system a region of a system table ({@code hbase:meta} and the rest of the {@code hbase}
 *     namespace): never moved
 */
public record RegionLoad(String region, String table, String server, double load, boolean system) {
  public RegionLoad {
    if (!(load >= 0) || Double.isInfinite(load)) {
      throw new IllegalArgumentException("region " + region + ": load must be finite and >= 0, got " + load);
    }
  }
}
