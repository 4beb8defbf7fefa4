package io.cake.controller.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;

/**
 * A file that holds only a JMX password: {@link ControllerConfig#HDFS_JMX_PASSWORD_FILE} for the
 * DataNode's JMX, so the password never sits in hbase-site.xml (which HBase shows on its web UI
 * and in {@code /conf}), and the cake CLI's {@code --jmx-password-file}. Surrounding whitespace,
 * the final newline included, is not part of the password: the JDK's own password file separates
 * fields by whitespace, so no JMX password can contain any.
 */
public final class PasswordFile {
  private PasswordFile() {}

  /** The password, read now; every failure names the key. */
  static String read(Path file) throws IOException {
    return read(file, ControllerConfig.HDFS_JMX_PASSWORD_FILE);
  }

  /**
   * The password, read now.
   *
   * @param key what named the file (a configuration key, a command line option): every failure
   *     names it
   */
  public static String read(Path file, String key) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new IOException(key + " " + file + " is not a file (missing, or a directory)");
    }
    if (!Files.isReadable(file)) {
      throw new IOException(key + " " + file + " is not readable by this process");
    }
    // As the JDK does for its own password file: readable by its owner alone. A group-readable
    // file gives the password to every user of the group (the hadoop group, often), and with it
    // the DataNode's JMX.
    try {
      java.util.Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file);
      if (mode.contains(PosixFilePermission.OTHERS_READ)) {
        throw new IOException(key + " " + file + " is readable by every user: chmod 600");
      }
      if (mode.contains(PosixFilePermission.GROUP_READ)) {
        throw new IOException(key + " " + file + " is readable by its group: chmod 600");
      }
    } catch (UnsupportedOperationException notPosix) {
      // no POSIX permissions to check on this file system
    }
    String password;
    try {
      password = Files.readString(file).strip();
    } catch (IOException e) {
      throw new IOException(key + " " + file + " cannot be read: " + e, e);
    }
    if (password.isEmpty()) {
      throw new IOException(key + " " + file + " is empty: it must hold the password");
    }
    return password;
  }
}
