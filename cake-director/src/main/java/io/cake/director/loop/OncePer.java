package io.cake.director.loop;

/**
 * At most once per so many steps: the director asks the server command for another server, or to
 * stop a drained one, no more often than a server takes to start or stop. One thread.
 */
public final class OncePer {
  private final int steps;
  private long next = Long.MIN_VALUE; // the first step that may act again

  /** @param steps at least 1: after acting at step s, the next may act at s + steps */
  public OncePer(int steps) {
    if (steps < 1) {
      throw new IllegalArgumentException("steps must be >= 1, got " + steps);
    }
    this.steps = steps;
  }

  /** Whether to act at {@code step}; if so, the next {@code steps - 1} steps may not. */
  public boolean due(long step) {
    if (step < next) {
      return false;
    }
    next = step + steps;
    return true;
  }
}
