package io.cake.cli.status;

/**
 * Everything {@code cake status} knows of one RegionServer. {@code error} is set, and the rest
 * null, when its /jmx page could not be read; {@code hbase} is null on a RegionServer without
 * Cake, {@code controller} without a running controller ({@code controllerNotRunning} then says
 * why, where the RegionServer's controller MBean tells: null from older versions), {@code
 * datanode} when no DataNode was looked for. {@code version} is the Cake version the RegionServer
 * runs, null where it has no Cake or one too old to say.
 */
public record RegionServerStatus(
    String host,
    Integer port,
    String infoUrl,
    boolean reachable,
    String error,
    HBaseLevel hbase,
    ControllerView controller,
    String controllerNotRunning,
    DataNodeLevel datanode,
    String version) {

  static RegionServerStatus unreachable(String host, Integer port, String infoUrl, String error) {
    return new RegionServerStatus(host, port, infoUrl, false, error, null, null, null, null, null);
  }

  /**
   * Why this reachable RegionServer has no running controller, for people (status, slo show and
   * the writes all say it so); null while one runs.
   */
  public String noController() {
    if (controller != null) {
      return null;
    }
    return controllerNotRunning != null ? "not running: " + controllerNotRunning
        : "none: no io.cake:type=Controller,port=" + port + " MBean (no controller coprocessor, or one too old to"
            + " say why: the RegionServer's log does, under 'cake-controller:'; docs/operations.md)";
  }

  /** {@code host:port}, or the web UI address while the port is unknown. */
  public String label() {
    return port != null && port > 0 ? host + ":" + port : infoUrl;
  }
}
