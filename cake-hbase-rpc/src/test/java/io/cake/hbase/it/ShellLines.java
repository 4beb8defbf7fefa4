package io.cake.hbase.it;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The client calls the HBase shell makes for the lines documented in docs/install.md, in a
 * process of its own so that HADOOP_USER_NAME decides its user as it does
 * for {@code hbase shell}. The JRuby shell itself (hbase-shell) is not on Maven Central for 2.6.
 *
 * <pre>
 * put 'T', 'shell-r1', 'f:q', 'v1'
 * get 'T', 'shell-r1'
 * scan 'T', {STARTROW => 'shell-', STOPROW => 'shell-~'}
 * get 'T', 'shell-r1', {ATTRIBUTES => {'cake.tenant' => 'shellOp'}}
 * </pre>
 *
 * <p>Arguments: table, then key=value client settings. Prints the user and the rows it saw.
 */
public final class ShellLines {
  private ShellLines() {}

  public static void main(String[] args) throws Exception {
    Configuration conf = HBaseConfiguration.create();
    for (int i = 1; i < args.length; i++) {
      String[] kv = args[i].split("=", 2);
      conf.set(kv[0], kv[1]);
    }
    byte[] f = Bytes.toBytes("f");
    byte[] q = Bytes.toBytes("q");
    try (Connection c = ConnectionFactory.createConnection(conf);
        Table t = c.getTable(TableName.valueOf(args[0]))) {
      System.out.println("user=" + User.getCurrent().getShortName());
      // put 'T', 'shell-r1', 'f:q', 'v1'
      t.put(new Put(Bytes.toBytes("shell-r1")).addColumn(f, q, Bytes.toBytes("v1")));
      // get 'T', 'shell-r1'
      System.out.println("get=" + Bytes.toString(t.get(new Get(Bytes.toBytes("shell-r1"))).getValue(f, q)));
      // scan 'T', {STARTROW => 'shell-', STOPROW => 'shell-~'}
      int rows = 0;
      try (ResultScanner s = t.getScanner(
          new Scan().withStartRow(Bytes.toBytes("shell-")).withStopRow(Bytes.toBytes("shell-~")))) {
        for (Result r : s) {
          rows++;
        }
      }
      System.out.println("scanned=" + rows);
      // get 'T', 'shell-r1', {ATTRIBUTES => {'cake.tenant' => 'shellOp'}}: the shell sets each
      // ATTRIBUTES entry with setAttribute on the Get.
      Get tagged = new Get(Bytes.toBytes("shell-r1"));
      tagged.setAttribute("cake.tenant", Bytes.toBytes("shellOp"));
      System.out.println("tagged get=" + Bytes.toString(t.get(tagged).getValue(f, q)));
    }
  }
}
