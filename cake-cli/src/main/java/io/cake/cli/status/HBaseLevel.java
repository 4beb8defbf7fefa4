package io.cake.cli.status;

import java.util.List;

/**
 * A RegionServer's Cake scheduler ({@code io.cake:type=Scheduler,kind=hbase}): the handler pool
 * (size, AIMD bounds, the controller's cap, 0 for none), the controller's throttle on the other
 * tenants (handlers each, 0 for none) and the tenant it leaves out, calls waiting in Cake's queues, and each
 * tenant.
 */
public record HBaseLevel(
    String scheduler,
    boolean enabled,
    Integer poolSize,
    Integer poolMin,
    Integer poolMax,
    Integer poolCap,
    Double throttle,
    String throttleExempt,
    Integer activeHandlers,
    Integer queued,
    Double defaultShare,
    String configurationError,
    List<TenantRow> tenants) {}
