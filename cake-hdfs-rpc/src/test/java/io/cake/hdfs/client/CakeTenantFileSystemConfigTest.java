package io.cake.hdfs.client;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;

/** The HBase-side keys of the file system wrapper, without a cluster (a local base file system). */
class CakeTenantFileSystemConfigTest {
  @Test
  void enabledIsTrueOrFalseAndNothingElse() throws Exception {
    for (String junk : new String[] {"yes", "ture", ""}) {
      Configuration conf = new Configuration(false);
      conf.set(io.cake.hdfs.client.ClientKeys.ENABLED_KEY, junk);
      try (FileSystem base = FileSystem.newInstanceLocal(new Configuration(false))) {
        // Hadoop's getBoolean takes these for the default (true), silently.
        assertThatThrownBy(() -> new CakeTenantFileSystem(base, conf))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("cake.hdfs.client.enabled")
            .hasMessageContaining("'" + junk + "'");
      }
    }
  }

  @Test
  void onlyHdfsIsWrappedAndAnotherFileSystemIsRefusedByName() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(io.cake.hdfs.client.ClientKeys.ENABLED_KEY, " FALSE ");
    try (FileSystem base = FileSystem.newInstanceLocal(new Configuration(false))) {
      // HBase's HFileSystem logs the refusal and uses the base file system unwrapped.
      assertThatThrownBy(() -> new CakeTenantFileSystem(base, conf))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("hbase.fs.wrapper")
          .hasMessageContaining("file:///");
    }
  }
}
