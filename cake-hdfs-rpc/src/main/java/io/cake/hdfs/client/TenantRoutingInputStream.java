package io.cake.hdfs.client;

import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.CanSetDropBehind;
import org.apache.hadoop.fs.CanSetReadahead;
import org.apache.hadoop.fs.CanUnbuffer;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;

/**
 * One open file of {@link CakeTenantFileSystem}: reads go to a stream of the same file on the
 * reading thread's tenant's client, opened on first use and closed with this stream or when that
 * client is retired ({@link TenantStream}: never under a read).
 *
 * <p>Positional reads (HBase gets) are thread-safe and touch no shared position. Stream reads
 * (HBase scans, which HBase serialises per stream) keep one logical position here; the tenant
 * stream is sought to it when it differs. ByteBuffer reads are not offered (the capabilities say
 * so), so HBase uses byte[] reads.
 */
final class TenantRoutingInputStream extends FSInputStream
    implements CanUnbuffer, CanSetDropBehind, CanSetReadahead, StreamCapabilities {
  private final CakeTenantFileSystem owner;
  private final Path path;
  private final int bufferSize;
  private final TenantStream base;
  private final Map<TenantClient, TenantStream> streams = new ConcurrentHashMap<>();
  /** Clients whose stream of this file could not be opened: they read through the base stream. */
  private final Set<TenantClient> onBase = ConcurrentHashMap.newKeySet();
  private final Object openLock = new Object();
  private long pos;
  private volatile boolean closed;
  private volatile Boolean dropBehind;
  private volatile Long readahead;

  TenantRoutingInputStream(
      CakeTenantFileSystem owner, Path path, int bufferSize, FSDataInputStream base) {
    this.owner = owner;
    this.path = path;
    this.bufferSize = bufferSize;
    this.base = new TenantStream(base, null, owner::streamClosed);
  }

  /**
   * The stream for the calling thread's tenant, opened if needed, taken for one read: the caller
   * releases it. The base stream if the tenant has no client of its own.
   */
  private TenantStream acquire() throws IOException {
    checkOpen();
    TenantClient client = owner.clientFor(owner.currentTenant());
    if (client != null && !onBase.contains(client)) {
      TenantStream s = streams.get(client);
      if (s != null && s.acquire()) {
        return s;
      }
      s = open(client);
      if (s != null) {
        return s;
      }
    }
    if (base.acquire()) {
      return base;
    }
    throw new IOException("stream closed: " + path);
  }

  /** Opens (and takes) {@code client}'s stream of this file; null to read through the base one. */
  private TenantStream open(TenantClient client) throws IOException {
    synchronized (openLock) {
      checkOpen();
      TenantStream s = streams.get(client);
      if (s != null && s.acquire()) {
        return s;
      }
      // Streams of retired clients are closed or closing: forget them, so a file keeps at most
      // one stream per live client, however many tenants came and went.
      streams.values().removeIf(TenantStream::retired);
      onBase.removeIf(TenantClient::retired);
      if (client.retired() || onBase.contains(client)) {
        return null;
      }
      FSDataInputStream in;
      try {
        in = client.fs().open(path, bufferSize);
      } catch (java.io.InterruptedIOException e) {
        throw e;
      } catch (IOException e) {
        // Opening asks the NameNode; the base stream is open and reads without it, as stock
        // HBase's would. So a NameNode outage or failover does not fail a read HBase would serve:
        // this tenant reads this file as the base client's until the file is opened again.
        owner.tenantStreamFailed(path, e);
        onBase.add(client);
        return null;
      }
      owner.streamOpened();
      applyOptions(in);
      s = new TenantStream(in, client, owner::streamClosed);
      if (!client.add(s)) {
        s.retire(); // the client was retired meanwhile: closes the stream
        return null;
      }
      streams.put(client, s);
      return s.acquire() ? s : null;
    }
  }

  private void applyOptions(FSDataInputStream s) {
    try {
      if (dropBehind != null) {
        s.setDropBehind(dropBehind);
      }
      if (readahead != null) {
        s.setReadahead(readahead);
      }
    } catch (IOException | RuntimeException e) {
      // advisory only; a stream closed meanwhile takes none
    }
  }

  private void checkOpen() throws IOException {
    if (closed) {
      throw new IOException("stream closed: " + path);
    }
  }

  // ------------------------------------------------------------------ positional reads

  @Override
  public int read(long position, byte[] buffer, int offset, int length) throws IOException {
    TenantStream s = acquire();
    try {
      return s.in().read(position, buffer, offset, length);
    } finally {
      s.release();
    }
  }

  @Override
  public void readFully(long position, byte[] buffer, int offset, int length) throws IOException {
    TenantStream s = acquire();
    try {
      s.in().readFully(position, buffer, offset, length);
    } finally {
      s.release();
    }
  }

  @Override
  public void readFully(long position, byte[] buffer) throws IOException {
    readFully(position, buffer, 0, buffer.length);
  }

  // ------------------------------------------------------------------ stream reads

  /** One stream read on the tenant's stream, sought to this stream's position first. */
  private <T> T positioned(StreamRead<T> read) throws IOException {
    TenantStream s = acquire();
    try {
      FSDataInputStream in = s.in();
      if (in.getPos() != pos) {
        in.seek(pos);
      }
      return read.on(in);
    } finally {
      s.release();
    }
  }

  @FunctionalInterface
  private interface StreamRead<T> {
    T on(FSDataInputStream in) throws IOException;
  }

  @Override
  public synchronized int read() throws IOException {
    int b = positioned(FSDataInputStream::read);
    if (b >= 0) {
      pos++;
    }
    return b;
  }

  @Override
  public synchronized int read(byte[] b, int off, int len) throws IOException {
    int n = positioned(in -> in.read(b, off, len));
    if (n > 0) {
      pos += n;
    }
    return n;
  }

  @Override
  public synchronized long skip(long n) throws IOException {
    if (n <= 0) {
      return 0;
    }
    return positioned(in -> {
      long skipped = in.skip(n);
      pos = in.getPos();
      return skipped;
    });
  }

  @Override
  public synchronized int available() throws IOException {
    return positioned(FSDataInputStream::available);
  }

  @Override
  public synchronized void seek(long target) throws IOException {
    if (target < 0) {
      throw new EOFException("cannot seek to negative offset " + target + " in " + path);
    }
    checkOpen();
    pos = target;
  }

  @Override
  public synchronized long getPos() throws IOException {
    return pos;
  }

  @Override
  public boolean seekToNewSource(long targetPos) throws IOException {
    return false;
  }

  // ------------------------------------------------------------------ options and lifecycle

  @Override
  public void unbuffer() {
    for (TenantStream s : all()) {
      try {
        s.in().unbuffer();
      } catch (RuntimeException e) {
        // a stream closed meanwhile: nothing to unbuffer
      }
    }
  }

  @Override
  public void setDropBehind(Boolean drop) throws IOException {
    dropBehind = drop;
    all().forEach(s -> applyOptions(s.in()));
  }

  @Override
  public void setReadahead(Long ra) throws IOException {
    readahead = ra;
    all().forEach(s -> applyOptions(s.in()));
  }

  private List<TenantStream> all() {
    List<TenantStream> out = new ArrayList<>(streams.values());
    out.add(base);
    return out;
  }

  @Override
  public boolean hasCapability(String capability) {
    switch (capability.toLowerCase(java.util.Locale.ROOT)) {
      case StreamCapabilities.UNBUFFER:
      case StreamCapabilities.DROPBEHIND:
      case StreamCapabilities.READAHEAD:
        return true;
      default:
        return false;
    }
  }

  /** Retires every stream of this file: each closes once no read holds it. */
  @Override
  public void close() {
    List<TenantStream> toRetire;
    synchronized (openLock) {
      if (closed) {
        return;
      }
      closed = true;
      toRetire = all();
      streams.clear();
    }
    toRetire.forEach(TenantStream::retire);
  }

  @Override
  public String toString() {
    return "TenantRoutingInputStream[" + path + ", tenants=" + streams.size() + "]";
  }
}
