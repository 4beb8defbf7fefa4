package io.cake.cli.status;

import java.util.List;

/**
 * A RegionServer's Cake scheduler ({@code io.cake:type=Scheduler,kind=hbase}): the handler pool
 * (size, AIMD bounds, the operator's cap, 0 for none), the controller's one limit on the tenants
 * without an SLO (handlers each, 0 for none) and the tenants it leaves out, calls waiting in Cake's
 * queues, and each tenant.
 */
public record HBaseLevel(
    String scheduler,
    boolean enabled,
    Integer poolSize,
    Integer poolMin,
    Integer poolMax,
    Integer poolCap,
    Double othersLimit,
    String othersExempt,
    Integer activeHandlers,
    Integer queued,
    Double defaultShare,
    String configurationError,
    List<TenantRow> tenants) {}
