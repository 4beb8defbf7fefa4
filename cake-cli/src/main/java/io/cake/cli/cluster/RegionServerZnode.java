package io.cake.cli.cluster;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionServerInfo;
import org.apache.hbase.thirdparty.com.google.protobuf.InvalidProtocolBufferException;

/**
 * A RegionServer's ephemeral znode under {@code <znode parent>/rs}: its name is HBase's server
 * name {@code host,port,startcode}; its data is HBase's {@code RegionServerInfo} message behind
 * the {@code PBUF} magic, carrying the web UI's port (-1 when the RegionServer runs none), parsed
 * here with HBase's own generated class. HBase's RecoverableZooKeeper writes it behind its own
 * metadata (ZKMetadata: 0xFF, the length of the writer's id as a 4-byte big-endian int, the id),
 * which is skipped first.
 */
public final class RegionServerZnode {
  /** HBase's ProtobufMagic: every protobuf znode value starts with these four bytes. */
  static final byte[] PB_MAGIC = "PBUF".getBytes(StandardCharsets.US_ASCII);

  /** ZKMetadata's first byte. */
  static final byte METADATA_MAGIC = (byte) 0xFF;

  private RegionServerZnode() {}

  public static RegionServerAddress parse(String name, byte[] data) {
    String[] parts = name.split(",");
    if (parts.length != 3 || parts[0].isEmpty()) {
      throw new IllegalArgumentException("RegionServer znode '" + name + "' is not host,port,startcode");
    }
    int port;
    try {
      port = Integer.parseInt(parts[1]);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("RegionServer znode '" + name + "' has no port number", e);
    }
    return new RegionServerAddress(parts[0], port, infoPort(name, data));
  }

  /** The value without RecoverableZooKeeper's metadata (a value without it is returned as it is). */
  static byte[] withoutMetadata(byte[] data) {
    if (data == null || data.length < 5 || data[0] != METADATA_MAGIC) {
      return data;
    }
    int idLength = java.nio.ByteBuffer.wrap(data, 1, 4).getInt();
    int offset = 1 + 4 + idLength;
    return idLength < 0 || offset > data.length ? data : Arrays.copyOfRange(data, offset, data.length);
  }

  private static int infoPort(String name, byte[] raw) {
    byte[] data = withoutMetadata(raw);
    if (data == null || data.length < PB_MAGIC.length
        || !Arrays.equals(data, 0, PB_MAGIC.length, PB_MAGIC, 0, PB_MAGIC.length)) {
      throw new IllegalArgumentException("RegionServer znode '" + name + "' holds no RegionServerInfo (no PBUF magic)");
    }
    try {
      RegionServerInfo info = RegionServerInfo.parseFrom(Arrays.copyOfRange(data, PB_MAGIC.length, data.length));
      return info.hasInfoPort() ? info.getInfoPort() : -1;
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("RegionServer znode '" + name + "': " + e.getMessage(), e);
    }
  }
}
