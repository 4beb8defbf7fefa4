package io.cake.hdfs.client;

import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.CanSetDropBehind;
import org.apache.hadoop.fs.CanSetReadahead;
import org.apache.hadoop.fs.CanUnbuffer;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;

/**
 * One open file of {@link CakeTenantFileSystem}: reads go to a stream of the same file on the
 * reading thread's tenant's client, opened on first use and closed with this stream.
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
  private final FileSystem baseFs;
  private final Map<FileSystem, FSDataInputStream> streams = new ConcurrentHashMap<>();
  /** Clients whose stream of this file could not be opened: they read through the base stream. */
  private final java.util.Set<FileSystem> onBase = ConcurrentHashMap.newKeySet();
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
    this.baseFs = owner.getRawFileSystem();
    streams.put(baseFs, base);
  }

  /** The stream for the calling thread's tenant, opened if needed. */
  private FSDataInputStream current() throws IOException {
    checkOpen();
    FileSystem client = owner.clientFor(owner.currentTenant());
    FSDataInputStream s = streams.get(client);
    if (s != null) {
      return s;
    }
    if (onBase.contains(client)) {
      return streams.get(baseFs);
    }
    synchronized (openLock) {
      checkOpen();
      s = streams.get(client);
      if (s == null && !onBase.contains(client)) {
        try {
          s = client.open(path, bufferSize);
        } catch (java.io.InterruptedIOException e) {
          throw e;
        } catch (IOException e) {
          // Opening asks the NameNode; the base stream is open and reads without it, as stock
          // HBase's would. So a NameNode outage or failover does not fail a read HBase would serve:
          // this tenant reads this file as the base client's until the file is opened again.
          owner.tenantStreamFailed(path, e);
          onBase.add(client);
          return streams.get(baseFs);
        }
        owner.streamOpened();
        applyOptions(s);
        streams.put(client, s);
      }
      return s != null ? s : streams.get(baseFs);
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
    } catch (IOException | UnsupportedOperationException e) {
      // advisory only
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
    return current().read(position, buffer, offset, length);
  }

  @Override
  public void readFully(long position, byte[] buffer, int offset, int length) throws IOException {
    current().readFully(position, buffer, offset, length);
  }

  @Override
  public void readFully(long position, byte[] buffer) throws IOException {
    current().readFully(position, buffer, 0, buffer.length);
  }

  // ------------------------------------------------------------------ stream reads

  private FSDataInputStream positioned() throws IOException {
    FSDataInputStream s = current();
    if (s.getPos() != pos) {
      s.seek(pos);
    }
    return s;
  }

  @Override
  public synchronized int read() throws IOException {
    int b = positioned().read();
    if (b >= 0) {
      pos++;
    }
    return b;
  }

  @Override
  public synchronized int read(byte[] b, int off, int len) throws IOException {
    int n = positioned().read(b, off, len);
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
    FSDataInputStream s = positioned();
    long skipped = s.skip(n);
    pos = s.getPos();
    return skipped;
  }

  @Override
  public synchronized int available() throws IOException {
    return positioned().available();
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
    for (FSDataInputStream s : streams.values()) {
      s.unbuffer();
    }
  }

  @Override
  public void setDropBehind(Boolean drop) throws IOException {
    dropBehind = drop;
    streams.values().forEach(this::applyOptions);
  }

  @Override
  public void setReadahead(Long ra) throws IOException {
    readahead = ra;
    streams.values().forEach(this::applyOptions);
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

  @Override
  public void close() throws IOException {
    List<FSDataInputStream> toClose;
    synchronized (openLock) {
      if (closed) {
        return;
      }
      closed = true;
      toClose = new ArrayList<>(streams.values());
      streams.clear();
    }
    IOException first = null;
    for (FSDataInputStream s : toClose) {
      try {
        s.close();
      } catch (IOException e) {
        first = first == null ? e : first;
      } finally {
        owner.streamClosed();
      }
    }
    if (first != null) {
      throw first;
    }
  }

  @Override
  public String toString() {
    return "TenantRoutingInputStream[" + path + ", tenants=" + streams.size() + "]";
  }
}
