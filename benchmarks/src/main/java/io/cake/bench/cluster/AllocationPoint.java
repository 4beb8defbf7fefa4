package io.cake.bench.cluster;

/**
 * Cake's allocation for the front-end tenant at one instant. Shares are the front end's fraction
 * of all weights (every named tenant plus the default share, as the controller counts it; 0..1);
 * reservations are slots reserved for the front end; the others' limit is the controller's one
 * limit on every other tenant at HBase, in handlers each (0: none; below one, a fraction of one
 * handler's time).
 */
public record AllocationPoint(
    double tSeconds,
    int hbasePool,
    double hbaseShare,
    int hbaseReserved,
    double hdfsShare,
    int hdfsReserved,
    double hbaseOthersLimit) {}
