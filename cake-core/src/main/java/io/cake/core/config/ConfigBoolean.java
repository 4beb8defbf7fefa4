package io.cake.core.config;

/**
 * Reads a boolean configuration value strictly: {@code true} or {@code false}, trimmed, in any
 * case. Hadoop's {@code Configuration.getBoolean} takes anything else ({@code yes}, {@code ture})
 * for the default without a word, so a typo in a kill switch would go unnoticed. Shared by the
 * HBase, HDFS and controller sides so they agree on what a boolean is.
 */
public final class ConfigBoolean {
  private ConfigBoolean() {}

  /**
   * {@code value} as a boolean, or {@code dflt} if the key is unset ({@code value} null). An empty
   * or blank value is refused like any other word: it is more likely a mistake than a wish for the
   * default.
   *
   * @throws IllegalArgumentException naming the key and the value
   */
  public static boolean parse(String key, String value, boolean dflt) {
    if (value == null) {
      return dflt;
    }
    String v = value.trim();
    if (v.equalsIgnoreCase("true")) {
      return true;
    }
    if (v.equalsIgnoreCase("false")) {
      return false;
    }
    throw new IllegalArgumentException(key + " must be true or false, got '" + value + "'");
  }
}
