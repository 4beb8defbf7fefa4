package io.cake.core.tenant;

/** The kind of storage operation a request performs; goals and metrics can be per type. */
public enum OperationType {
  GET,
  SCAN,
  MUTATION,
  OTHER
}
