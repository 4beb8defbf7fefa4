package io.cake.hdfs.datanode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Pinned to Hadoop 3.4.2's DataXceiver thread names and DFSClient names. */
class ClientNameParserTest {
  private final ClientNameParser parser = new ClientNameParser("batch");

  // Real names captured from a 3.4.2 MiniDFSCluster (see docs/design/first-level.md).
  private static final String MR_READ =
      "DataXceiver for client DFSClient_attempt_1_0001_m_000001_0_-727170943_1 at /127.0.0.1:54774"
          + " [Sending block BP-1215975432-127.0.0.1-1795315955776:blk_1073741825_1001]";

  @Test
  void readThreadYieldsTheClientName() {
    assertThat(ClientNameParser.readClientOfThread(MR_READ))
        .isEqualTo("DFSClient_attempt_1_0001_m_000001_0_-727170943_1");
    assertThat(
            ClientNameParser.readClientOfThread(
                "DataXceiver for client DFSClient_cake_fe_123_45 at /10.0.0.7:40000"
                    + " [Sending block BP-1-10.0.0.1-1:blk_1_1]"))
        .isEqualTo("DFSClient_cake_fe_123_45");
  }

  @Test
  void otherDataXceiverOpsAndThreadsAreNotReads() {
    String[] notReads = {
      "DataXceiver for client DFSClient_NONMAPREDUCE_1_1 at /127.0.0.1:1 [Receiving block BP-1:blk_1_1]",
      "DataXceiver for client /127.0.0.1:1 [Copying block BP-1:blk_1_1]",
      "DataXceiver for client /127.0.0.1:1 [Replacing block BP-1:blk_1_1 from x]",
      "DataXceiver for client /127.0.0.1:1 [Getting checksum for block BP-1:blk_1_1]",
      "DataXceiver for client unix:/sock [Passing file descriptors for block BP-1:blk_1_1]",
      "DataXceiver for client DFSClient_x_1_1 at /127.0.0.1:1 [Waiting for operation #2]",
      "DataXceiver for client DFSClient_x_1_1 at /127.0.0.1:1 [TRANSFER_BLOCK BP-1:blk_1_1]",
      "DataXceiver for client /127.0.0.1:1",
      "VolumeScannerThread(/data/1)",
      "main",
      "",
      null
    };
    for (String n : notReads) {
      assertThat(ClientNameParser.readClientOfThread(n)).as(n).isNull();
    }
  }

  @Test
  void shortCircuitFdPassingIsToldApart() {
    assertThat(ClientNameParser.isShortCircuitOpen(
            "DataXceiver for client unix:/var/run/hdfs/dn_socket [Passing file descriptors for block BP-1:blk_1_1]"))
        .isTrue();
    assertThat(ClientNameParser.isShortCircuitOpen(MR_READ)).isFalse();
    assertThat(ClientNameParser.isShortCircuitOpen("Passing file descriptors for block BP-1:blk_1_1]")).isFalse();
    assertThat(ClientNameParser.isShortCircuitOpen(null)).isFalse();
  }

  @Test
  void readWithoutClientNameIsAnEmptyName() {
    assertThat(ClientNameParser.readClientOfThread("DataXceiver for client /127.0.0.1:1 [Sending block BP-1:blk_1_1]"))
        .isEmpty();
    assertThat(ClientNameParser.readClientOfThread("DataXceiver for client  at /127.0.0.1:1 [Sending block BP-1:blk_1_1]"))
        .isEmpty();
    assertThat(parser.tenantOf("")).isEqualTo("default");
  }

  @Test
  void clientNamesContainingTheMarkersStillParseFromTheEnd() {
    String name = "DFSClient_cake_x at y [Sending block z]_1_2";
    String thread = "DataXceiver for client " + name + " at /127.0.0.1:1 [Sending block BP-1:blk_1_1]";
    assertThat(ClientNameParser.readClientOfThread(thread)).isEqualTo(name);
    assertThat(parser.tenantOf(name)).isEqualTo("default"); // "x at y [..." is not a tenant name
  }

  @Test
  void tenantsFromClientNames() {
    assertThat(parser.tenantOf("DFSClient_cake_fe_-123_45")).isEqualTo("fe");
    assertThat(parser.tenantOf("DFSClient_cake_front_end.v2-a_123_45")).isEqualTo("front_end.v2-a");
    assertThat(parser.tenantOf("DFSClient_attempt_1_0001_m_000001_0_-727170943_1")).isEqualTo("batch");
    assertThat(parser.tenantOf("DFSClient_attempt_202401011200_0007_r_000003_1_5_77")).isEqualTo("batch");
    assertThat(parser.tenantOf("DFSClient_NONMAPREDUCE_-1556398156_1")).isEqualTo("default");
    assertThat(new ClientNameParser("etl").tenantOf("DFSClient_attempt_1_1_m_1_0_1_1")).isEqualTo("etl");
  }

  @Test
  void malformedNamesAreDefault() {
    String[] bad = {
      null, "", "DFSClient_", "DFSClient__1_2", "DFSClient_cake__1_2", "DFSClient_cake_-x_1_2",
      "DFSClient_cake_a b_1_2", "DFSClient_cake_" + "x".repeat(65) + "_1_2", "DFSClient_cake_fe",
      "DFSClient_cake_fe_1", "DFSClient_cake_fe_x_1", "DFSClient_cake_fe_1_x", "DFSClient_cake_fe_1_",
      "DFSClient_attempt__1_2", "dfsclient_cake_fe_1_2", "cake_fe", "hello world", "_1_2",
      "DFSClient_cake_fe_--1_2", "DFSClient_cake_fe_1_99999999999999999999999",
      "DFSClient_cake_f\u00e9_1_2", "DFSClient_cake_fe\n_1_2"
    };
    for (String b : bad) {
      assertThat(parser.tenantOf(b)).as(String.valueOf(b)).isEqualTo("default");
    }
  }

  @Test
  void randomGarbageNeverThrowsAndAlwaysYieldsAValidTenant() {
    Random r = new Random(5);
    String alphabet = "DFSClient_cakeattempt_-0123456789 []at/\u00e9\n";
    for (int i = 0; i < 20_000; i++) {
      StringBuilder sb = new StringBuilder(r.nextBoolean() ? "DFSClient_" : "");
      int len = r.nextInt(40);
      for (int j = 0; j < len; j++) {
        sb.append(alphabet.charAt(r.nextInt(alphabet.length())));
      }
      String t = parser.tenantOf(sb.toString());
      assertThat(io.cake.core.tenant.TenantNames.isValid(t)).as(sb.toString()).isTrue();
      ClientNameParser.readClientOfThread("DataXceiver for client " + sb + " [Sending block b]");
    }
  }

  @Test
  void markerRoundTripsAndRefusesInvalidTenants() {
    String attempt = ClientNameParser.attemptIdFor("fe");
    assertThat(attempt).isEqualTo("cake_fe");
    assertThat(parser.tenantOf("DFSClient_" + attempt + "_-5_9")).isEqualTo("fe");
    assertThatThrownBy(() -> ClientNameParser.attemptIdFor("bad name"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bad name");
    assertThatThrownBy(() -> new ClientNameParser("")).isInstanceOf(IllegalArgumentException.class);
  }
}
