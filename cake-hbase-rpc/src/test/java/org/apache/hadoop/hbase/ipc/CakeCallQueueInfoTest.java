package org.apache.hadoop.hbase.ipc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CakeCallQueueInfoTest {
  @Test
  void keepsTheStockQueuesAndAddsCakes() {
    CallQueueInfo stock = new CallQueueInfo();
    stock.setCallMethodCount("Priority Queue", Map.of("Get", 2L));
    stock.setCallMethodSize("Priority Queue", Map.of("Get", 200L));
    CallQueueInfo merged =
        CakeCallQueueInfo.merge(stock, "Cake Call Queue", Map.of("Scan", 3L), Map.of("Scan", 90L));
    assertThat(merged.getCallQueueNames()).containsExactlyInAnyOrder("Priority Queue", "Cake Call Queue");
    assertThat(merged.getCallMethodCount("Priority Queue", "Get")).isEqualTo(2);
    assertThat(merged.getCallMethodSize("Priority Queue", "Get")).isEqualTo(200);
    assertThat(merged.getCallMethodCount("Cake Call Queue", "Scan")).isEqualTo(3);
    assertThat(merged.getCallMethodSize("Cake Call Queue", "Scan")).isEqualTo(90);
    assertThat(CakeCallQueueInfo.merge(null, "q", Map.of(), Map.of()).getCallQueueNames()).containsExactly("q");
  }
}
