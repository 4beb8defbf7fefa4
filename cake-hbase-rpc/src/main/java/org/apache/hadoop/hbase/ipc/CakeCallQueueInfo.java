package org.apache.hadoop.hbase.ipc;

import java.util.HashMap;
import java.util.Map;

/**
 * The one class of cake-hbase-rpc that uses package-private HBase API (2.6.x): {@link CallQueueInfo}
 * can only be built from inside {@code org.apache.hadoop.hbase.ipc}. Copies the stock scheduler's
 * queues and adds Cake's, so the RegionServer UI and JMX "callQueue" summaries include them.
 */
public final class CakeCallQueueInfo {
  private CakeCallQueueInfo() {}

  public static CallQueueInfo merge(
      CallQueueInfo base, String queueName, Map<String, Long> counts, Map<String, Long> sizes) {
    CallQueueInfo out = new CallQueueInfo();
    if (base != null) {
      for (String q : base.getCallQueueNames()) {
        Map<String, Long> c = new HashMap<>();
        Map<String, Long> s = new HashMap<>();
        for (String m : base.getCalledMethodNames(q)) {
          c.put(m, base.getCallMethodCount(q, m));
          s.put(m, base.getCallMethodSize(q, m));
        }
        out.setCallMethodCount(q, c);
        out.setCallMethodSize(q, s);
      }
    }
    out.setCallMethodCount(queueName, new HashMap<>(counts));
    out.setCallMethodSize(queueName, new HashMap<>(sizes));
    return out;
  }
}
