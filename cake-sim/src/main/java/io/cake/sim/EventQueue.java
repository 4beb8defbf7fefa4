package io.cake.sim;

import io.cake.core.time.ManualClock;
import java.util.PriorityQueue;

/** The simulation's events in time order (ties in the order scheduled), and the clock they move. */
final class EventQueue {
  private record Event(long at, long seq, Runnable action) implements Comparable<Event> {
    @Override
    public int compareTo(Event o) {
      int c = Long.compare(at, o.at);
      return c != 0 ? c : Long.compare(seq, o.seq);
    }
  }

  private final ManualClock clock = new ManualClock();
  private final PriorityQueue<Event> events = new PriorityQueue<>();
  private long seq;

  ManualClock clock() {
    return clock;
  }

  /** Runs {@code action} {@code delayNanos} from now (at once if negative). */
  void at(long delayNanos, Runnable action) {
    events.add(new Event(clock.nanoTime() + Math.max(0, delayNanos), seq++, action));
  }

  /** Runs every event up to {@code nanos} and moves the clock there. */
  void runUntil(long nanos) {
    while (!events.isEmpty() && events.peek().at <= nanos) {
      Event e = events.poll();
      clock.advanceNanos(e.at - clock.nanoTime());
      e.action.run();
    }
    clock.advanceNanos(nanos - clock.nanoTime());
  }
}
