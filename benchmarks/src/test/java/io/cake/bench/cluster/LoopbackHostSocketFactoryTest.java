package io.cake.bench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.net.NetUtils;
import org.junit.jupiter.api.Test;

/** What a server sees of an RPC made through the factory: the process's own loopback host. */
class LoopbackHostSocketFactoryTest {
  static Configuration conf(String key, String host) {
    Configuration c = new Configuration(false);
    c.set(LoopbackHostSocketFactory.FACTORY_KEY, LoopbackHostSocketFactory.class.getName());
    if (key != null) {
      c.set(key, host);
    }
    return c;
  }

  /** The address a server on 127.0.0.1 sees the connection come from, as the NameNode would. */
  static InetAddress seenFrom(Configuration c) throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"));
        Socket s = NetUtils.getDefaultSocketFactory(c).createSocket()) {
      NetUtils.connect(s, new InetSocketAddress("127.0.0.1", server.getLocalPort()), 5000);
      try (Socket accepted = server.accept()) {
        return accepted.getInetAddress();
      }
    }
  }

  @Test
  void aDataNodeAndARegionServerCallFromTheirOwnHosts() throws Exception {
    assertThat(seenFrom(conf(LoopbackHostSocketFactory.DATANODE_HOST_KEY, "127.0.0.3")))
        .isEqualTo(InetAddress.getByName("127.0.0.3"));
    assertThat(seenFrom(conf(LoopbackHostSocketFactory.REGIONSERVER_HOST_KEY, "127.0.0.2")))
        .isEqualTo(InetAddress.getByName("127.0.0.2"));
  }

  @Test
  void aProcessOfNoHostLeavesTheChoiceToTheKernel() throws Exception {
    assertThat(seenFrom(conf(null, null))).isEqualTo(InetAddress.getByName("127.0.0.1"));
  }

  @Test
  void onlyLoopbackHostsAreTaken() {
    assertThatThrownBy(() -> NetUtils.getDefaultSocketFactory(conf(LoopbackHostSocketFactory.DATANODE_HOST_KEY, "192.0.2.1")))
        .hasMessageContaining("loopback")
        .hasMessageContaining("192.0.2.1");
  }

  @Test
  void factoriesOfOneHostAreEqualSoHadoopSharesTheirConnections() {
    Configuration a = conf(LoopbackHostSocketFactory.DATANODE_HOST_KEY, "127.0.0.2");
    assertThat(NetUtils.getDefaultSocketFactory(a)).isEqualTo(NetUtils.getDefaultSocketFactory(a))
        .isNotEqualTo(NetUtils.getDefaultSocketFactory(conf(LoopbackHostSocketFactory.DATANODE_HOST_KEY, "127.0.0.3")));
  }
}
