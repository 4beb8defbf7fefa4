package io.cake.core.level;

/** {@code io.cake:type=Version}: the Cake version of this JVM. */
public interface CakeVersionMXBean {
  String getVersion();
}
