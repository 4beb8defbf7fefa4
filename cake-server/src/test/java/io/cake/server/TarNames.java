package io.cake.server;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/** Entry names and sizes of a .tar.gz (ustar headers; PAX extended headers skipped). */
final class TarNames {
  private TarNames() {
  }

  static List<String> read(Path tgz) throws IOException {
    return new ArrayList<>(entries(tgz).keySet());
  }

  static long sizeOf(Path tgz, String name) throws IOException {
    Long size = entries(tgz).get(name);
    return size == null ? -1 : size;
  }

  private static Map<String, Long> entries(Path tgz) throws IOException {
    Map<String, Long> out = new LinkedHashMap<>();
    try (InputStream raw = Files.newInputStream(tgz);
         DataInputStream in = new DataInputStream(new GZIPInputStream(raw))) {
      byte[] header = new byte[512];
      while (true) {
        try {
          in.readFully(header);
        } catch (EOFException e) {
          break;
        }
        String name = field(header, 0, 100);
        if (name.isEmpty()) {
          break; // end-of-archive block
        }
        long size = Long.parseLong(field(header, 124, 12).trim().isEmpty() ? "0" : field(header, 124, 12).trim(), 8);
        String prefix = field(header, 345, 155);
        char type = (char) header[156];
        if (type != 'x' && type != 'g') {
          out.put(prefix.isEmpty() ? name : prefix + "/" + name, size);
        }
        long padded = (size + 511) / 512 * 512;
        in.skipNBytes(padded);
      }
    }
    return out;
  }

  private static String field(byte[] h, int off, int len) {
    int end = off;
    while (end < off + len && h[end] != 0) {
      end++;
    }
    return new String(h, off, end - off, StandardCharsets.US_ASCII);
  }
}
