package io.cake.hbase.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ipc.PriorityFunction;
import org.apache.hadoop.hbase.security.User;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.RequestHeader;
import org.junit.jupiter.api.Test;

class TrustedPriorityTest {
  /** Shaped like HBase's: an annotated method first, then the header, then the region (system table). */
  private static final PriorityFunction SERVER = new PriorityFunction() {
    @Override
    public int getPriority(RequestHeader header, Message param, User user) {
      if (header.getMethodName().equals("CloseRegion")) {
        return HConstants.ADMIN_QOS;
      }
      if (header.hasPriority()) {
        return header.getPriority();
      }
      return header.getMethodName().equals("GetOnMeta") ? HConstants.SYSTEMTABLE_QOS : HConstants.NORMAL_QOS;
    }

    @Override
    public long getDeadline(RequestHeader header, Message param) {
      return 0;
    }
  };

  private final TrustedPriority priority = new TrustedPriority(SERVER);

  private static RequestHeader header(String method, Integer level) {
    RequestHeader.Builder b = RequestHeader.newBuilder().setMethodName(method);
    if (level != null) {
      b.setPriority(level);
    }
    return b.build();
  }

  @Test
  void aPriorityTheClientWritesOnAUserTableCallIsIgnored() {
    assertThat(priority.of(header("Get", 5), null, null)).isEqualTo(HConstants.NORMAL_QOS);
    assertThat(priority.of(header("Get", 100), null, null)).isEqualTo(HConstants.NORMAL_QOS);
    assertThat(priority.of(header("Get", HConstants.HIGH_QOS), null, null)).isEqualTo(HConstants.NORMAL_QOS);
    assertThat(priority.of(header("Get", -7), null, null)).isEqualTo(HConstants.NORMAL_QOS);
  }

  @Test
  void thePrioritiesTheServerGivesItselfHold() {
    assertThat(priority.of(header("CloseRegion", null), null, null)).isEqualTo(HConstants.ADMIN_QOS);
    assertThat(priority.of(header("CloseRegion", HConstants.NORMAL_QOS), null, null)).isEqualTo(HConstants.ADMIN_QOS);
    assertThat(priority.of(header("GetOnMeta", HConstants.SYSTEMTABLE_QOS), null, null))
        .isEqualTo(HConstants.SYSTEMTABLE_QOS);
    assertThat(priority.of(header("Get", HConstants.NORMAL_QOS), null, null)).isEqualTo(HConstants.NORMAL_QOS);
    assertThat(priority.of(header("Get", HConstants.PRIORITY_UNSET), null, null)).isEqualTo(HConstants.NORMAL_QOS);
  }
}
