package io.cake.core.sched;

import java.util.Collections;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;

/** The permits a {@link SoftLimitGate} wrote off whose holders have not come back. */
final class WrittenOffPermits {
  private final Set<SoftLimitGate.Permit> permits = new HashSet<>();

  void add(SoftLimitGate.Permit p) {
    permits.add(p);
  }

  /** Whether {@code p} was written off: its holder called again, it is not stuck (any more). */
  boolean cameBack(SoftLimitGate.Permit p) {
    return !permits.isEmpty() && permits.remove(p);
  }

  /** The devices of the written-off permits, sorted: stable for operators. */
  Set<String> devices() {
    Set<String> devices = new TreeSet<>();
    for (SoftLimitGate.Permit p : permits) {
      if (p.device() != null) {
        devices.add(p.device());
      }
    }
    return Collections.unmodifiableSet(devices);
  }
}
