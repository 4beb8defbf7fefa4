package io.cake.hbase.tenant;

import io.cake.core.tenant.OperationType;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/** Classifies a ClientService call by method name and request message. */
public final class OperationClassifier {
  private OperationClassifier() {}

  /** The kind of call, and whether it is a single-row get (the AIMD reference operation). */
  public record Kind(OperationType type, boolean singleRowGet) {
    static final Kind GET = new Kind(OperationType.GET, true);
    static final Kind MULTI_GET = new Kind(OperationType.GET, false);
    static final Kind SCAN = new Kind(OperationType.SCAN, false);
    static final Kind MUTATION = new Kind(OperationType.MUTATION, false);
    static final Kind OTHER = new Kind(OperationType.OTHER, false);
  }

  public static Kind classify(String method, Message param) {
    if (method == null) {
      return Kind.OTHER;
    }
    switch (method) {
      case "Get":
        return Kind.GET;
      case "Scan":
        return Kind.SCAN;
      case "Mutate":
        return Kind.MUTATION;
      case "Multi":
        return multi(param);
      default:
        return Kind.OTHER;
    }
  }

  private static Kind multi(Message param) {
    if (!(param instanceof ClientProtos.MultiRequest)) {
      return Kind.OTHER;
    }
    ClientProtos.MultiRequest m = (ClientProtos.MultiRequest) param;
    boolean anyGet = false;
    for (ClientProtos.RegionAction ra : m.getRegionActionList()) {
      for (ClientProtos.Action a : ra.getActionList()) {
        if (a.hasMutation()) {
          return Kind.MUTATION;
        }
        anyGet |= a.hasGet();
      }
    }
    return anyGet ? Kind.MULTI_GET : Kind.OTHER;
  }
}
