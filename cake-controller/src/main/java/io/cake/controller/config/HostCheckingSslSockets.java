package io.cake.controller.config;

import java.io.IOException;
import java.io.Serializable;
import java.net.Socket;
import java.rmi.server.RMIClientSocketFactory;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * TLS sockets for a JMX registry lookup that check the server's certificate names the host dialled
 * (HTTPS endpoint identification: a DNS or IP subject alternative name), on top of the trust the
 * JVM's default SSLContext gives. The JDK's {@code SslRMIClientSocketFactory} (Java 17) checks
 * trust only, so any trusted certificate, another server's, could answer for this host and
 * receive the login.
 *
 * <p>What it covers: the lookup, which returns the connector's stub. The stub is the server's and
 * carries the server's own socket factory for the login itself; with the registry checked, that
 * stub is the real server's, and it names the host and port the server itself set.
 */
public final class HostCheckingSslSockets implements RMIClientSocketFactory, Serializable {
  private static final long serialVersionUID = 1L;

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    SSLSocket s = (SSLSocket) SSLSocketFactory.getDefault().createSocket(host, port);
    SSLParameters p = s.getSSLParameters();
    p.setEndpointIdentificationAlgorithm("HTTPS");
    s.setSSLParameters(p);
    return s;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof HostCheckingSslSockets;
  }

  @Override
  public int hashCode() {
    return HostCheckingSslSockets.class.hashCode();
  }
}
