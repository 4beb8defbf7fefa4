package io.cake.cli.doctor;

import io.cake.cli.status.ClusterStatus;
import java.util.Map;

/**
 * Everything {@code cake doctor} read: {@code cake status}'s view, each RegionServer's and each
 * DataNode's JVM (by the RegionServer's label), the active HMaster ({@code masterLabel} null when
 * the tool was given {@code --hosts}, which names no ZooKeeper to find it in) and this tool's version.
 */
public record DoctorInput(
    ClusterStatus status,
    Map<String, JvmProbe> regionServers,
    Map<String, JvmProbe> datanodes,
    String masterLabel,
    JvmProbe master,
    String toolVersion) {}
