package io.cake.cli.jmx;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.security.KeyManagementException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;

/**
 * The tool's default TLS context, made to check that a server's certificate names the host dialled
 * (HTTPS endpoint identification) on every client socket, not only trust.
 *
 * <p>Why JVM-wide: a JMX login does not run over the registry lookup's socket, which the tool
 * chooses, but over the socket factory inside the connector's stub, which the server chooses: the
 * JDK's {@code SslRMIClientSocketFactory}, which takes the default context and checks trust only.
 * The default context is the one thing the tool can change under it. The tool is its own process;
 * a RegionServer's controller never installs this.
 */
public final class HostCheckingTls {
  private static boolean installed;

  private HostCheckingTls() {}

  /** Makes the default context check host names; once per JVM, before the first TLS login. */
  public static synchronized void install() throws IOException {
    if (installed) {
      return;
    }
    try {
      SSLContext plain = SSLContext.getDefault();
      SSLContext.setDefault(new SSLContext(new Spi(plain), plain.getProvider(), plain.getProtocol()) {});
    } catch (NoSuchAlgorithmException e) {
      throw new IOException("no default TLS context (check javax.net.ssl.trustStore): " + e.getMessage(), e);
    }
    installed = true;
  }

  private static SSLSocket checked(SSLSocket s) {
    s.setSSLParameters(checking(s.getSSLParameters()));
    return s;
  }

  private static SSLParameters checking(SSLParameters p) {
    p.setEndpointIdentificationAlgorithm("HTTPS");
    return p;
  }

  /** The default context's parts, every client socket and engine checking the host it dials. */
  private static final class Spi extends SSLContextSpi {
    private final SSLContext plain;

    Spi(SSLContext plain) {
      this.plain = plain;
    }

    @Override
    protected void engineInit(KeyManager[] km, TrustManager[] tm, SecureRandom sr) throws KeyManagementException {
      throw new KeyManagementException("the default TLS context is already initialised");
    }

    @Override
    protected SSLSocketFactory engineGetSocketFactory() {
      return new Sockets(plain.getSocketFactory());
    }

    @Override
    protected SSLServerSocketFactory engineGetServerSocketFactory() {
      return plain.getServerSocketFactory();
    }

    @Override
    protected SSLEngine engineCreateSSLEngine() {
      return plain.createSSLEngine();
    }

    @Override
    protected SSLEngine engineCreateSSLEngine(String host, int port) {
      SSLEngine e = plain.createSSLEngine(host, port);
      e.setSSLParameters(checking(e.getSSLParameters()));
      return e;
    }

    @Override
    protected SSLSessionContext engineGetServerSessionContext() {
      return plain.getServerSessionContext();
    }

    @Override
    protected SSLSessionContext engineGetClientSessionContext() {
      return plain.getClientSessionContext();
    }
  }

  /** Client sockets of the default context, each checking the host name in its handshake. */
  private static final class Sockets extends SSLSocketFactory {
    private final SSLSocketFactory plain;

    Sockets(SSLSocketFactory plain) {
      this.plain = plain;
    }

    @Override
    public String[] getDefaultCipherSuites() {
      return plain.getDefaultCipherSuites();
    }

    @Override
    public String[] getSupportedCipherSuites() {
      return plain.getSupportedCipherSuites();
    }

    @Override
    public Socket createSocket() throws IOException {
      return checked((SSLSocket) plain.createSocket());
    }

    @Override
    public Socket createSocket(Socket s, String host, int port, boolean autoClose) throws IOException {
      return checked((SSLSocket) plain.createSocket(s, host, port, autoClose));
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
      return checked((SSLSocket) plain.createSocket(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress local, int localPort) throws IOException {
      return checked((SSLSocket) plain.createSocket(host, port, local, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
      return checked((SSLSocket) plain.createSocket(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress local, int localPort) throws IOException {
      return checked((SSLSocket) plain.createSocket(address, port, local, localPort));
    }
  }
}
