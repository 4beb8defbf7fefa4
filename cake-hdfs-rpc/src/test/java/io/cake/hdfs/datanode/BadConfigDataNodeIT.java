package io.cake.hdfs.datanode;

import static io.cake.hdfs.TestCluster.KB;
import static org.assertj.core.api.Assertions.assertThat;

import io.cake.hdfs.TestCluster;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.Test;

/**
 * A bad Cake setting on a DataNode costs scheduling, never the DataNode: it starts and serves
 * reads the stock way, as a RegionServer with a bad Cake file does.
 */
class BadConfigDataNodeIT {
  @Test
  void aBadCakeKeyLeavesTheDataNodeServingUnscheduled() throws Exception {
    // Hostile: thrown from the dataset factory, this would keep the DataNode from starting.
    Configuration conf = TestCluster.hookedConf("bad-config");
    conf.set(HdfsSchedulerConfig.SOFT_LIMIT_KEY, "lots");
    try (MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build()) {
      cluster.waitActive();
      assertThat(CakeFsDatasetFactory.schedulerOf(cluster.getDataNodes().get(0).getFSDataset()))
          .as("not hooked").isNull();
      byte[] data = TestCluster.data(300 * KB, 7);
      Path p = new Path("/bad-config");
      try (FileSystem fs = TestCluster.client(cluster, conf, null)) {
        TestCluster.write(fs, p, data, 1024 * KB);
        byte[] back = new byte[data.length];
        try (FSDataInputStream in = fs.open(p)) {
          in.readFully(back);
        }
        assertThat(back).isEqualTo(data);
      }
    }
  }
}
