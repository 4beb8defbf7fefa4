package io.cake.cli.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class HostListTest {
  @Test
  void hostsTakeTheWebUiPortOrHBasesDefault() {
    assertThat(HostList.parse("rs1.example.com,127.0.0.3:26631")).containsExactly(
        new RegionServerAddress("rs1.example.com", -1, 16030), new RegionServerAddress("127.0.0.3", -1, 26631));
    assertThat(HostList.parse("rs1").get(0).infoUrl()).isEqualTo("http://rs1:16030");
    assertThat(HostList.parse("rs1").get(0)).hasToString("rs1 (web UI port 16030)");
  }

  @Test
  void badEntriesAreRefusedNamingTheOption() {
    assertThatThrownBy(() -> HostList.parse("rs1,rs1")).hasMessage("--hosts names rs1 twice");
    assertThatThrownBy(() -> HostList.parse("http://rs1")).hasMessageStartingWith("--hosts");
    assertThatThrownBy(() -> HostList.parse("rs1:0")).hasMessageContaining("out of range");
    assertThatThrownBy(() -> HostList.parse(" ")).hasMessageStartingWith("--hosts");
  }
}
