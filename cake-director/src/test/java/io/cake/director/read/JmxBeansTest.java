package io.cake.director.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class JmxBeansTest {
  /** Two RegionServers in one JVM, as in a mini-cluster: each page shows both. */
  private static final String PAGE = """
      {"beans": [
        {"name": "io.cake:type=FirstLevel,scheduler=hbase-16020,tenant=front,name=serviceUnitsTotal", "Value": 1500000.0},
        {"name": "io.cake:type=FirstLevel,scheduler=hbase-16020,tenant=\\"odd,name\\",name=serviceUnitsTotal", "Value": 7},
        {"name": "io.cake:type=FirstLevel,scheduler=hbase-16020,tenant=front,name=serviceUnits", "Value": 99},
        {"name": "io.cake:type=FirstLevel,scheduler=hbase-16020,name=intervalEndNanos", "Value": 123456789012},
        {"name": "io.cake:type=FirstLevel,scheduler=hbase-16021,name=intervalEndNanos", "Value": 5},
        {"name": "io.cake:type=FirstLevel,scheduler=hbase-16021,tenant=front,name=serviceUnitsTotal", "Value": 42},
        {"name": "io.cake:type=FirstLevel,scheduler=hdfs-9866,tenant=front,name=serviceUnitsTotal", "Value": 42},
        {"name": "io.cake:type=FirstLevel,scheduler=hbase-16020,tenant=batch,name=serviceUnitsTotal", "Value": "NaN"},
        {"name": "io.cake:type=ControllerSlo,port=16020,tenant=front", "Met": 0.0, "TargetSeconds": 0.05},
        {"name": "io.cake:type=ControllerSlo,port=16020,tenant=late", "Met": "NaN"},
        {"name": "io.cake:type=ControllerSlo,port=16021,tenant=front", "Met": 1.0},
        {"name": "Hadoop:service=HBase,name=RegionServer,sub=Server", "Value": 3}
      ]}""";

  @Test
  void onlyTheBeansOfTheRegionServerOnThatPortAreRead() {
    ServerReading r = JmxBeans.parse(PAGE, 16020);
    assertThat(r.chargedMicros()).isEqualTo(Map.of("front", 1_500_000L, "odd,name", 7L));
    assertThat(r.met()).containsExactlyInAnyOrder(0.0, Double.NaN);
    assertThat(r.intervalEndNanos()).isEqualTo(123456789012.0);

    ServerReading other = JmxBeans.parse(PAGE, 16021);
    assertThat(other.chargedMicros()).isEqualTo(Map.of("front", 42L));
    assertThat(other.met()).containsExactly(1.0);
    assertThat(other.intervalEndNanos()).isEqualTo(5.0);
  }

  @Test
  void hadoopsBareNaNIsReadToo() {
    assertThat(JmxBeans.parse("{\"beans\":[{\"name\":\"io.cake:type=ControllerSlo,port=1,tenant=t\",\"Met\":NaN}]}", 1)
        .met()).containsExactly(Double.NaN);
  }

  @Test
  void aPageThatIsNotJmxJsonIsRefused() {
    assertThatThrownBy(() -> JmxBeans.parse("<html>login</html>", 16020)).hasMessageStartingWith("not a /jmx JSON page");
    assertThatThrownBy(() -> JmxBeans.parse("{\"other\": 1}", 16020)).hasMessageContaining("no \"beans\"");
  }
}
