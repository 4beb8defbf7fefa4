package io.cake.cli.status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DataNodeAddressesTest {
  @Test
  void onePortOnEveryHostOrOneAddressPerHostOrNone() {
    assertThat(DataNodeAddresses.parse("9864").urlFor("rs7")).hasValue("http://rs7:9864");
    DataNodeAddresses pairs = DataNodeAddresses.parse("127.0.0.2:26112, 127.0.0.3:26122");
    assertThat(pairs.urlFor("127.0.0.3")).hasValue("http://127.0.0.3:26122");
    assertThat(pairs.urlFor("127.0.0.4")).isEmpty();
    assertThat(DataNodeAddresses.parse("none").urlFor("rs7")).isEmpty();
  }

  @Test
  void badSpecsAreRefusedNamingTheOption() {
    assertThatThrownBy(() -> DataNodeAddresses.parse("http://x:1")).hasMessageStartingWith("--datanode-http");
    assertThatThrownBy(() -> DataNodeAddresses.parse("99999")).hasMessageContaining("out of range");
    assertThatThrownBy(() -> DataNodeAddresses.parse("a:1,a:2")).hasMessageContaining("host a twice");
  }
}
