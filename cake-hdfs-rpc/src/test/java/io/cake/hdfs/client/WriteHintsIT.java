package io.cake.hdfs.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.fs.HFileSystem;
import org.apache.hadoop.hbase.util.FSUtils;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.Test;

/**
 * What HBase asks of HDFS when it writes an HFile reaches HDFS through Cake's wrapper: the
 * region's favored nodes and the column family's replication ({@code FSUtils.create}, as a store
 * flushes or compacts).
 */
class WriteHintsIT {
  @Test
  void favoredNodesAndTheFamilysReplicationReachHdfs() throws Exception {
    Configuration conf = new Configuration();
    conf.setInt("dfs.replication", 3);
    MiniDFSCluster dfs = new MiniDFSCluster.Builder(conf).numDataNodes(3).build();
    try {
      dfs.waitActive();
      InetSocketAddress favored = dfs.getDataNodes().get(2).getXferAddress();
      Configuration c = new Configuration(dfs.getConfiguration(0));
      c.set(CakeTenantFileSystem.WRAPPER_KEY, CakeTenantFileSystem.class.getName());
      c.setBoolean("fs.hdfs.impl.disable.cache", true);
      c.setInt(ColumnFamilyDescriptorBuilder.DFS_REPLICATION, 1); // as a family's key reaches its store
      HFileSystem hfs = new HFileSystem(c, true);
      try {
        // HBase falls back to the bare file system, logging only, if the wrapper cannot be made.
        assertThat(hfs.getBackingFs()).isInstanceOf(CakeTenantFileSystem.class);
        assertThat(hfs.getNoChecksumFs()).isInstanceOf(CakeTenantFileSystem.class);
        for (int i = 0; i < 4; i++) {
          Path p = new Path("/hints-" + i);
          try (FSDataOutputStream out =
              FSUtils.create(c, hfs, p, FsPermission.getFileDefault(), new InetSocketAddress[] {favored})) {
            out.write(new byte[4096]);
          }
          FileStatus st = dfs.getFileSystem().getFileStatus(p);
          assertThat(st.getReplication()).as("replication of %s", p).isEqualTo((short) 1);
          BlockLocation[] blocks = dfs.getFileSystem().getFileBlockLocations(st, 0, st.getLen());
          assertThat(blocks).hasSize(1);
          assertThat(blocks[0].getNames()).as("where %s lives", p).containsExactly(favored.getAddress().getHostAddress() + ":" + favored.getPort());
        }
      } finally {
        hfs.close();
      }
    } finally {
      dfs.shutdown(true);
    }
  }
}
