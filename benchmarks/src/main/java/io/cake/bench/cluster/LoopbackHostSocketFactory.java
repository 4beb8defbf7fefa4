package io.cake.bench.cluster;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.net.StandardSocketFactory;

/**
 * Makes one machine's loopback addresses stand for hosts in HDFS's eyes, for the process cluster's
 * experiments only ({@code hadoop.rpc.socket.factory.class.default} on its DataNodes and
 * RegionServers; never installed).
 *
 * <p>The NameNode knows a DataNode, and a client's "local" DataNode, by the source address of its
 * RPCs, and Hadoop's IPC client binds that address only under Kerberos. On one machine every RPC
 * then leaves from 127.0.0.1, and the NameNode places and orders replicas as if no client were
 * local to any DataNode. This factory binds each Hadoop RPC socket to the address the process
 * already serves on, as a real host's would be: a DataNode's {@code dfs.datanode.hostname}, a
 * RegionServer's {@code hbase.unsafe.regionserver.hostname}. So a DataNode registers under its own
 * address, a RegionServer's new blocks get their first replica on its own DataNode, and its reads
 * are sorted to that DataNode first. Elsewhere (the HMaster, tools) it binds nothing.
 */
public final class LoopbackHostSocketFactory extends StandardSocketFactory implements Configurable {
  /** The stock Hadoop key that installs this factory for every RPC protocol. */
  public static final String FACTORY_KEY = "hadoop.rpc.socket.factory.class.default";

  static final String DATANODE_HOST_KEY = "dfs.datanode.hostname";
  static final String REGIONSERVER_HOST_KEY = "hbase.unsafe.regionserver.hostname";

  private Configuration conf;
  private InetAddress source;

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    String host = conf.getTrimmed(DATANODE_HOST_KEY, conf.getTrimmed(REGIONSERVER_HOST_KEY, ""));
    try {
      this.source = host.isEmpty() ? null : InetAddress.getByName(host);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot resolve " + host + " (" + DATANODE_HOST_KEY + " or "
          + REGIONSERVER_HOST_KEY + ") to bind Hadoop RPCs to", e);
    }
    if (source != null && !source.isLoopbackAddress()) {
      throw new IllegalArgumentException(FACTORY_KEY + " = " + getClass().getName()
          + " is for loopback hosts on one machine, not " + host);
    }
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  /** The address this process's RPCs leave from; null for the kernel's choice. */
  InetAddress source() {
    return source;
  }

  /** Hadoop's RPC client calls this form; StandardSocketFactory's (host, port) forms call it too. */
  @Override
  public Socket createSocket() throws IOException {
    Socket s = super.createSocket();
    if (source != null) {
      s.bind(new InetSocketAddress(source, 0));
    }
    return s;
  }

  /** Hadoop compares socket factories when it pools RPC proxies; one per source address. */
  @Override
  public boolean equals(Object o) {
    return o instanceof LoopbackHostSocketFactory f && java.util.Objects.equals(f.source, source);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hashCode(source);
  }
}
