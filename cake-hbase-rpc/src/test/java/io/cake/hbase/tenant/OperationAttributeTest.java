package io.cake.hbase.tenant;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto.MutationType;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hbase.thirdparty.com.google.protobuf.ByteString;
import org.junit.jupiter.api.Test;

/** Requests built by HBase's own client converters, sent through their wire form as the server reads them. */
class OperationAttributeTest {
  private static final byte[] REGION = Bytes.toBytes("region");
  private static final byte[] ROW = Bytes.toBytes("r");

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String tenantOf(String method, org.apache.hbase.thirdparty.com.google.protobuf.Message m) throws Exception {
    // What the server parses: the wire bytes, not the client's builder objects.
    byte[] bytes = OperationAttribute.of(method, m.getParserForType().parseFrom(m.toByteArray()));
    return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
  }

  @Test
  void readsTheAttributeOfGetsMutationsAndTheScanThatOpensAScanner() throws Exception {
    Get get = new Get(ROW);
    get.setAttribute("other", b("x"));
    get.setAttribute("cake.tenant", b("batch"));
    assertThat(tenantOf("Get", RequestConverter.buildGetRequest(REGION, get))).isEqualTo("batch");
    Put put = new Put(ROW).addColumn(b("f"), b("q"), b("v"));
    put.setAttribute("cake.tenant", b("puts"));
    assertThat(tenantOf("Mutate", RequestConverter.buildMutateRequest(REGION, put))).isEqualTo("puts");
    Delete delete = new Delete(ROW);
    delete.setAttribute("cake.tenant", b("deletes"));
    assertThat(tenantOf("Mutate", RequestConverter.buildMutateRequest(REGION, delete))).isEqualTo("deletes");
    Increment inc = new Increment(ROW).addColumn(b("f"), b("q"), 1);
    inc.setAttribute("cake.tenant", b("counters"));
    assertThat(tenantOf("Mutate", RequestConverter.buildMutateRequest(REGION, inc, 0, 0))).isEqualTo("counters");
    Scan scan = new Scan();
    scan.setAttribute("cake.tenant", b("scans"));
    assertThat(tenantOf("Scan", RequestConverter.buildScanRequest(REGION, scan, 100, false))).isEqualTo("scans");
  }

  @Test
  void aScannersNextCallAndUntaggedOperationsCarryNone() throws Exception {
    assertThat(tenantOf("Scan", RequestConverter.buildScanRequest(42L, 100, false, false))).isNull();
    Get get = new Get(ROW);
    get.setAttribute("cake.tenantX", b("nope"));
    assertThat(tenantOf("Get", RequestConverter.buildGetRequest(REGION, get))).isNull();
    assertThat(tenantOf("Get", RequestConverter.buildGetRequest(REGION, new Get(ROW)))).isNull();
    assertThat(OperationAttribute.of("Get", null)).isNull();
    assertThat(OperationAttribute.of(null, RequestConverter.buildGetRequest(REGION, get))).isNull();
    // A message of the wrong type for the method is not an error, just untagged.
    assertThat(OperationAttribute.of("Scan", RequestConverter.buildGetRequest(REGION, get))).isNull();
    assertThat(OperationAttribute.of("ExecService", RequestConverter.buildGetRequest(REGION, get))).isNull();
  }

  @Test
  void aMultiIsTaggedByItsFirstActionOnly() throws Exception {
    Get tagged = new Get(ROW);
    tagged.setAttribute("cake.tenant", b("first"));
    Put other = new Put(ROW).addColumn(b("f"), b("q"), b("v"));
    other.setAttribute("cake.tenant", b("second"));
    assertThat(tenantOf("Multi", multi(ClientProtos.Action.newBuilder().setGet(ProtobufUtil.toGet(tagged)).build(),
        ClientProtos.Action.newBuilder().setMutation(ProtobufUtil.toMutation(MutationType.PUT, other)).build())))
        .isEqualTo("first");
    assertThat(tenantOf("Multi", multi(ClientProtos.Action.newBuilder().setMutation(ProtobufUtil.toMutation(MutationType.PUT, other)).build(),
        ClientProtos.Action.newBuilder().setGet(ProtobufUtil.toGet(tagged)).build())))
        .isEqualTo("second");
    assertThat(tenantOf("Multi", multi(ClientProtos.Action.newBuilder().setGet(ProtobufUtil.toGet(new Get(ROW))).build(),
        ClientProtos.Action.newBuilder().setGet(ProtobufUtil.toGet(tagged)).build())))
        .as("only the first action is read").isNull();
    assertThat(tenantOf("Multi", multi())).isNull();
    assertThat(tenantOf("Multi", ClientProtos.MultiRequest.getDefaultInstance())).isNull();
  }

  @Test
  void aValueTooLongForATenantNameIsNotCopiedAndResolvesAsInvalid() throws Exception {
    Get get = new Get(ROW);
    get.setAttribute("cake.tenant", new byte[1 << 20]);
    byte[] v = OperationAttribute.of("Get", RequestConverter.buildGetRequest(REGION, get));
    assertThat(v.length).isLessThan(1 << 10);
    TenantResolver r = new TenantResolver(java.util.Set.of(), java.util.Map.of(), java.util.Map.of(), false, 64,
        new TenantResolver.Known());
    assertThat(r.resolve(null, v, b("conn"), null).tenant()).isEqualTo("conn");
    assertThat(r.known().invalidNames()).isEqualTo(1);
  }

  private static ClientProtos.MultiRequest multi(ClientProtos.Action... actions) {
    ClientProtos.RegionAction.Builder ra = ClientProtos.RegionAction.newBuilder()
        .setRegion(RegionSpecifier.newBuilder().setType(RegionSpecifier.RegionSpecifierType.REGION_NAME)
            .setValue(ByteString.copyFrom(REGION)));
    for (ClientProtos.Action a : actions) {
      ra.addAction(a);
    }
    return ClientProtos.MultiRequest.newBuilder().addRegionAction(ra).build();
  }
}
