package io.cake.cli.cluster;

/**
 * One RegionServer as the tool reaches it: its host, RPC port (-1 until known: an entry of {@code
 * --hosts} names only the web UI) and info (web UI) port, whose {@code /jmx} page it reads.
 */
public record RegionServerAddress(String host, int port, int infoPort) {
  /** HBase's default {@code hbase.regionserver.info.port}. */
  public static final int DEFAULT_INFO_PORT = 16030;

  public String infoUrl() {
    return "http://" + host + ":" + infoPort;
  }

  public RegionServerAddress withPort(int rpcPort) {
    return new RegionServerAddress(host, rpcPort, infoPort);
  }

  /** {@code host:port}, HBase's way of naming a RegionServer, or the web UI's address. */
  @Override
  public String toString() {
    return port > 0 ? host + ":" + port : host + " (web UI port " + infoPort + ")";
  }
}
