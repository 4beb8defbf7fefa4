package io.cake.core.tenant;

/** The kind of storage operation a request performs; goals and metrics can be per type. */
public enum OperationType {
  GET,
  SCAN,
  MUTATION,
  OTHER;

  /** "get, scan, mutation or other": the values {@link #parse} takes, as an operator writes them. */
  public static final String NAMES = "get, scan, mutation or other";

  /**
   * {@code value} as a type: {@code get}, {@code scan}, {@code mutation} or {@code other}, in any
   * case, surrounding whitespace ignored; anything else is refused with a message naming {@code
   * what} (a key, an option) and the values allowed.
   */
  public static OperationType parse(String what, String value) {
    String v = value == null ? "" : value.trim();
    for (OperationType o : values()) {
      if (o.name().equalsIgnoreCase(v)) {
        return o;
      }
    }
    throw new IllegalArgumentException(what + " must be " + NAMES + ", got '" + value + "'");
  }
}
