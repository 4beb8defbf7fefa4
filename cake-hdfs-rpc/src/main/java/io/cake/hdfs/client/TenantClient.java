package io.cake.hdfs.client;

import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One tenant's HDFS client and the streams open on it. When its place goes to another tenant it
 * is retired: its streams are retired (each closes after the reads holding it), and the client
 * closes with its last stream.
 */
final class TenantClient {
  private static final Logger LOG = LoggerFactory.getLogger(CakeTenantFileSystem.class);

  private final String tenant;
  private final FileSystem fs;
  private final boolean configured;
  private final Set<TenantStream> streams = ConcurrentHashMap.newKeySet();
  private final AtomicBoolean closed = new AtomicBoolean();
  private volatile boolean retired;
  private volatile long lastUsed;

  TenantClient(String tenant, FileSystem fs, boolean configured, long now) {
    this.tenant = tenant;
    this.fs = fs;
    this.configured = configured;
    this.lastUsed = now;
  }

  String tenant() {
    return tenant;
  }

  FileSystem fs() {
    return fs;
  }

  boolean configured() {
    return configured;
  }

  void used(long now) {
    lastUsed = now;
  }

  long lastUsed() {
    return lastUsed;
  }

  boolean retired() {
    return retired;
  }

  /** Counts a stream opened on this client; false (not counted) if it was retired meanwhile. */
  boolean add(TenantStream s) {
    streams.add(s);
    if (retired) {
      streams.remove(s);
      closeIfDone();
      return false;
    }
    return true;
  }

  /** A stream of this client closed. */
  void removed(TenantStream s) {
    streams.remove(s);
    closeIfDone();
  }

  /** Streams open on this client now. */
  int streams() {
    return streams.size();
  }

  void retire() {
    retired = true;
    for (TenantStream s : streams) {
      s.retire();
    }
    closeIfDone();
  }

  boolean isClosed() {
    return closed.get();
  }

  private void closeIfDone() {
    if (retired && streams.isEmpty() && closed.compareAndSet(false, true)) {
      try {
        fs.close();
      } catch (IOException e) {
        LOG.debug("closing the HDFS client of tenant {}", tenant, e);
      }
    }
  }
}
