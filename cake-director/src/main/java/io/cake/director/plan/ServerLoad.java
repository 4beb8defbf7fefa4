package io.cake.director.plan;

/**
 * One RegionServer as the planner sees it.
 *
 * @param load its smoothed load, in busy handlers (Cake's charged service time per second)
 * @param capacity the load above which its SLO tenants miss ({@link io.cake.director.model.CapacityModel});
 *     NaN when unknown
 */
public record ServerLoad(String server, double load, double capacity) {}
