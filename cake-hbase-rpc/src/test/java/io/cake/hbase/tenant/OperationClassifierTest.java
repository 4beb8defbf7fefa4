package io.cake.hbase.tenant;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.tenant.OperationType;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.junit.jupiter.api.Test;

class OperationClassifierTest {
  private static ClientProtos.Action getAction() {
    return ClientProtos.Action.newBuilder()
        .setGet(ClientProtos.Get.newBuilder().setRow(org.apache.hbase.thirdparty.com.google.protobuf.ByteString.copyFromUtf8("r")))
        .build();
  }

  private static ClientProtos.Action putAction() {
    return ClientProtos.Action.newBuilder()
        .setMutation(
            ClientProtos.MutationProto.newBuilder()
                .setMutateType(ClientProtos.MutationProto.MutationType.PUT))
        .build();
  }

  private static ClientProtos.MultiRequest multi(ClientProtos.Action... actions) {
    ClientProtos.RegionAction.Builder ra =
        ClientProtos.RegionAction.newBuilder()
            .setRegion(
                org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier.newBuilder()
                    .setType(org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier.RegionSpecifierType.REGION_NAME)
                    .setValue(org.apache.hbase.thirdparty.com.google.protobuf.ByteString.copyFromUtf8("x")));
    for (ClientProtos.Action a : actions) {
      ra.addAction(a);
    }
    return ClientProtos.MultiRequest.newBuilder().addRegionAction(ra).build();
  }

  @Test
  void classifiesClientCalls() {
    assertThat(OperationClassifier.classify("Get", null)).isEqualTo(new OperationClassifier.Kind(OperationType.GET, true));
    assertThat(OperationClassifier.classify("Scan", null).type()).isEqualTo(OperationType.SCAN);
    assertThat(OperationClassifier.classify("Mutate", null).type()).isEqualTo(OperationType.MUTATION);
    assertThat(OperationClassifier.classify("ExecService", null).type()).isEqualTo(OperationType.OTHER);
    assertThat(OperationClassifier.classify(null, null).type()).isEqualTo(OperationType.OTHER);
  }

  @Test
  void multiOfGetsIsAMultiGetAndAnyMutationMakesItAMutation() {
    assertThat(OperationClassifier.classify("Multi", multi(getAction(), getAction())))
        .isEqualTo(new OperationClassifier.Kind(OperationType.GET, false));
    assertThat(OperationClassifier.classify("Multi", multi(getAction(), putAction())).type())
        .isEqualTo(OperationType.MUTATION);
    assertThat(OperationClassifier.classify("Multi", multi()).type()).isEqualTo(OperationType.OTHER);
    assertThat(OperationClassifier.classify("Multi", null).type()).isEqualTo(OperationType.OTHER);
  }
}
