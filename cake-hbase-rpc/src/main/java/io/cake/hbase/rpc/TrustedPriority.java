package io.cake.hbase.rpc;

import java.util.Objects;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ipc.PriorityFunction;
import org.apache.hadoop.hbase.security.User;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.RequestHeader;

/**
 * The priority the RegionServer itself gives a call, whatever priority the client wrote in the
 * request header. HBase's priority function trusts the header ({@code Get.setPriority(5)} on a
 * user table is "priority 5"), which is how any client could leave Cake's queues for the stock
 * scheduler's idle handlers beside meta and admin traffic. Calls with a header priority other than
 * normal are re-read with it cleared: methods annotated with a priority, bulk loads and system
 * tables keep theirs (the server finds those from the method and the region), everything else is
 * normal and Cake's. HBase's own client writes normal priority for user tables, so the rebuild
 * only happens for system tables and for clients that ask for more.
 */
final class TrustedPriority {
  private final PriorityFunction function;

  TrustedPriority(PriorityFunction function) {
    this.function = Objects.requireNonNull(function);
  }

  int of(RequestHeader header, Message param, User user) {
    int level = function.getPriority(header, param, user);
    if (level != HConstants.NORMAL_QOS && header.hasPriority() && level == header.getPriority()) {
      level = function.getPriority(header.toBuilder().clearPriority().build(), param, user);
    }
    return level == HConstants.PRIORITY_UNSET ? HConstants.NORMAL_QOS : level;
  }
}
