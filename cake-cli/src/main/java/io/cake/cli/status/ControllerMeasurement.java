package io.cake.cli.status;

/**
 * What a controller's last decision judged one SLO tenant's goal by ({@code SloMeasurements}):
 * {@code measured} in the goal's unit (ms on the goal's operation's calls if it is on one, ops/s,
 * or MB/s read at the DataNode) and, for a latency goal, the percentile those ms are at; null
 * where the controller judged nothing for it (too few requests, a DataNode without the gauge, no
 * decision yet) or does not say.
 */
public record ControllerMeasurement(String tenant, Double measured, Double percentile) {}
