package io.cake.cli.write;

/**
 * What one write did on one RegionServer: {@code state} as read back after it (e.g. the SLO now
 * in force), or {@code error}; {@code attempted} false for a server not written because an
 * earlier one failed.
 */
public record WriteResult(String regionServer, boolean attempted, boolean ok, String state, String error) {}
