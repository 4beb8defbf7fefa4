package io.cake.hbase.tenant;

import io.cake.core.tenant.TenantNames;
import io.cake.hbase.config.CakeHBaseConfig;
import java.util.List;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.NameBytesPair;
import org.apache.hbase.thirdparty.com.google.protobuf.ByteString;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/**
 * Reads the operation attribute {@code cake.tenant} ({@code OperationWithAttributes.setAttribute},
 * the HBase shell's {@code ATTRIBUTES =>}) from a ClientService request. Clients of any HBase
 * version can set it, and it travels inside the request message:
 *
 * <ul>
 *   <li>Get and Mutate: the one operation's attributes;
 *   <li>Scan: only the call that opens the scanner carries the Scan; the scanner's {@code next} and
 *       close calls carry a scanner id only, so they have no operation attribute;
 *   <li>Multi: the first action of the first region action only, so the work per call is bounded
 *       whatever the batch size (a batch is scheduled as one call, under one tenant).
 * </ul>
 *
 * <p>Allocation-free when the attribute is absent: the name is compared as bytes, never decoded.
 */
public final class OperationAttribute {
  private static final ByteString NAME = ByteString.copyFromUtf8(CakeHBaseConfig.TENANT_ATTRIBUTE);
  /** Stands for a value too long to be a tenant name: refused as invalid without copying it. */
  private static final byte[] OVERSIZED = new byte[TenantNames.MAX_LENGTH + 1];

  private OperationAttribute() {}

  /** The {@code cake.tenant} operation attribute's bytes, or null when the call carries none. */
  public static byte[] of(String method, Message param) {
    if (method == null || param == null) {
      return null;
    }
    switch (method) {
      case "Get":
        return param instanceof ClientProtos.GetRequest g && g.hasGet() ? find(g.getGet().getAttributeList()) : null;
      case "Mutate":
        return param instanceof ClientProtos.MutateRequest m && m.hasMutation()
            ? find(m.getMutation().getAttributeList())
            : null;
      case "Scan":
        return param instanceof ClientProtos.ScanRequest s && s.hasScan() ? find(s.getScan().getAttributeList()) : null;
      case "Multi":
        return param instanceof ClientProtos.MultiRequest mr ? firstAction(mr) : null;
      default:
        return null;
    }
  }

  private static byte[] firstAction(ClientProtos.MultiRequest m) {
    if (m.getRegionActionCount() == 0 || m.getRegionAction(0).getActionCount() == 0) {
      return null;
    }
    ClientProtos.Action a = m.getRegionAction(0).getAction(0);
    if (a.hasGet()) {
      return find(a.getGet().getAttributeList());
    }
    return a.hasMutation() ? find(a.getMutation().getAttributeList()) : null;
  }

  private static byte[] find(List<NameBytesPair> attributes) {
    // Indexed loop: no iterator on the dispatch path.
    for (int i = 0, n = attributes.size(); i < n; i++) {
      NameBytesPair p = attributes.get(i);
      if (NAME.equals(p.getNameBytes())) {
        if (!p.hasValue()) {
          return null;
        }
        ByteString v = p.getValue();
        return v.size() > TenantNames.MAX_LENGTH ? OVERSIZED : v.toByteArray();
      }
    }
    return null;
  }
}
