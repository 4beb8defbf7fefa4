package io.cake.director.plan;

/** A region to move, and why, in words for the log and {@code cake status}. */
public record Move(String region, String from, String to, String reason) {}
